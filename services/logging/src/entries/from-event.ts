import type { EventOf } from '@talkwith/proto';
import { SERVICE_LOG_TYPES, type LogType } from '@talkwith/proto/logging';
import type { LogDraft } from './model.ts';
import * as M from './messages.ts';
import { writerOfEvent } from './writer.ts';

/** Events that become a log entry; source client only from client.logged, audit only from admin.acted. */
export const SERVICE_EVENTS = [
  'user.registered',
  'user.logged_in',
  'admin.acted',
  'ticket.granted',
  'ticket.used',
  'ticket.expired',
  'ticket.removed',
  'points.granted',
  'points.used',
  'subscription.started',
  'subscription.renewed',
  'subscription.canceled',
  'subscription.changed',
  'subscription.finished',
  'subscription.renewal_failed',
  'purchase.completed',
  'purchase.canceled',
] as const;
export type ServiceEvent = EventOf<(typeof SERVICE_EVENTS)[number]>;
export type LoggedEvent = ServiceEvent | EventOf<'client.logged'>;

/** A purchase is logged under what it bought; a cancellation does not say what it was for, so it is `other`. */
const PURCHASE_TYPES: Record<EventOf<'purchase.completed'>['data']['kind'], LogType> = {
  tickets: 'ticket',
  points: 'point',
  subscription: 'subscription',
  character: 'other',
};

type Fields = Pick<LogDraft, 'type' | 'source' | 'user_id' | 'message'> &
  Partial<Pick<LogDraft, 'character_id' | 'extra' | 'actor_id'>>;

const asDetails = (value: unknown): Record<string, unknown> | null =>
  value === undefined || value === null
    ? null
    : typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { detail: value };

function serviceFields(event: ServiceEvent): Fields {
  const service = (type: LogType, message: string, character_id?: string): Fields => ({
    type,
    source: 'service',
    user_id: 'user_id' in event.data ? event.data.user_id : null,
    message,
    character_id: character_id ?? null,
    extra: asDetails(event.data),
  });
  switch (event.type) {
    case 'user.registered':
      return { ...service('connect', M.LoginMessages.registered), extra: null };
    // SPEC.md §4: a log-in within 48 hours of the previous one is logged as a re-login.
    case 'user.logged_in':
      return {
        ...service('connect', event.data.relogin ? M.LoginMessages.relogin : M.LoginMessages.login),
        extra: { method: event.data.method, relogin: event.data.relogin },
      };
    case 'admin.acted':
      return {
        type: 'admin',
        source: 'audit',
        user_id: event.data.target_user_id ?? null,
        actor_id: event.data.admin_id,
        message: event.data.action,
        extra: asDetails(event.data.detail),
      };
    case 'ticket.granted':
      return service('ticket', M.ticketGranted(event.data));
    case 'ticket.used':
      return service('ticket', M.ticketUsed(event.data), event.data.character_id);
    case 'ticket.expired':
      return service('ticket', M.ticketExpired(event.data));
    case 'ticket.removed':
      return service('ticket', M.ticketRemoved(event.data));
    case 'points.granted':
      return service('point', M.pointsGranted(event.data));
    case 'points.used':
      return service('point', M.pointsUsed(event.data), event.data.character_id);
    case 'purchase.completed':
      return service(PURCHASE_TYPES[event.data.kind], M.purchaseCompleted(event.data), event.data.character_id);
    case 'purchase.canceled':
      return service('other', M.purchaseCanceled(event.data));
    case 'subscription.started':
      return service('subscription', M.subscriptionMessages[event.type](event.data));
    case 'subscription.renewed':
      return service('subscription', M.subscriptionMessages[event.type](event.data));
    case 'subscription.canceled':
      return service('subscription', M.subscriptionMessages[event.type](event.data));
    case 'subscription.changed':
      return service('subscription', M.subscriptionMessages[event.type](event.data));
    case 'subscription.finished':
      return service('subscription', M.subscriptionMessages[event.type](event.data));
    case 'subscription.renewal_failed':
      return service('subscription', M.subscriptionMessages[event.type](event.data));
  }
}

/**
 * A line a browser sent over the socket: its own words, under the category it
 * chose (the socket already refused what it may not send) — except billing's
 * categories. A client claiming `ticket`, `point` or `subscription` is
 * re-categorised to `other` (its claim kept in extra.claimed_type) rather
 * than refused: our own player sends ticket diagnostics ("会話の開始が断られま
 * した"), worth keeping, and a refusal would reach the browser as an error
 * frame per line; what matters is that a filter by those categories, and
 * operators reading them, see only the ledger's entries.
 */
function clientFields(event: EventOf<'client.logged'>): Fields {
  const { data } = event;
  const claimed = SERVICE_LOG_TYPES.includes(data.type);
  const extra = asDetails(data.extra);
  return {
    type: claimed ? 'other' : data.type,
    source: 'client',
    user_id: data.user_id,
    character_id: data.character_id ?? null,
    message: data.message ?? '',
    extra: claimed ? { ...extra, claimed_type: data.type } : extra,
  };
}

/** The request id the envelope carries, when the platform stamped one on it. */
function requestIdOf(event: { requestId?: unknown }): string | null {
  return typeof event.requestId === 'string' ? event.requestId : null;
}

/** The entry an event becomes. */
export function draftOf(event: LoggedEvent): LogDraft {
  const fields = event.type === 'client.logged' ? clientFields(event) : serviceFields(event);
  return {
    created_at: new Date(event.occurredAt).toISOString(),
    character_id: null,
    extra: null,
    actor_id: null,
    ...fields,
    request_id: requestIdOf(event as { requestId?: unknown }),
    writer: writerOfEvent(event.type),
  };
}
