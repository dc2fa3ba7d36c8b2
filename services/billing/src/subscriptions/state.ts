import { AppError } from '@talkwith/platform';
import type { EventMap } from '@talkwith/proto';
import { subscriptionErrors } from '../errors.ts';

export type SubscriptionStatus = EventMap['subscription.started']['status'];
/** SPEC.md §4's events (subscribe, cancel, finish, renew, resubscribe) plus change. */
export type SubscriptionEvent = EventMap['subscription.started']['event'];

/** What an allowed event leads to: the next status and whether a period is charged on the way. */
export interface Transition {
  next: SubscriptionStatus;
  charges: boolean;
}

/**
 * The subscription state machine (README § Subscriptions draws it). Pure:
 * the status given is the effective one (`effectiveStatus`), so a cancelled
 * subscription whose paid period is over counts as inactive.
 */
const TRANSITIONS: Record<SubscriptionStatus, Partial<Record<SubscriptionEvent, Transition>>> = {
  inactive: {
    subscribe: { next: 'active', charges: true },
    resubscribe: { next: 'active', charges: true },
  },
  active: {
    cancel: { next: 'canceled', charges: false },
    renew: { next: 'active', charges: true },
    change: { next: 'active', charges: false },
    finish: { next: 'inactive', charges: false },
  },
  canceled: {
    resubscribe: { next: 'active', charges: false },
    finish: { next: 'inactive', charges: false },
  },
};

const REFUSALS: Record<SubscriptionStatus, string> = {
  inactive: '加入中のプランがありません。',
  active: 'すでにこのプランに加入しています。',
  canceled: 'このプランは解約手続き済みです。',
};

const REFUSAL_BY_EVENT: Partial<Record<SubscriptionEvent, string>> = {
  cancel: '解約できるのは加入中のプランだけです。',
  renew: '更新できるのは加入中のプランだけです。',
  change: 'グループを変更できるのは加入中のプランだけです。',
  finish: 'このプランはすでに終了しています。',
};

export function transition(status: SubscriptionStatus, event: SubscriptionEvent): Transition | AppError {
  const allowed = TRANSITIONS[status][event];
  if (allowed) return allowed;
  const message =
    status === 'inactive' || status === 'canceled' ? (REFUSAL_BY_EVENT[event] ?? REFUSALS[status]) : REFUSALS[status];
  return subscriptionErrors.refused(message, status, event);
}

/** `transition`, throwing the refusal (routes answer it as 409 SUBSCRIPTION_STATE). */
export function requireTransition(status: SubscriptionStatus, event: SubscriptionEvent): Transition {
  const result = transition(status, event);
  if (result instanceof AppError) throw result;
  return result;
}

/** A cancelled subscription is usable to its period end; after it, it is inactive whether or not the job has finished it yet. */
export function effectiveStatus(
  record: { status: SubscriptionStatus; period_end?: string },
  now: Date,
): SubscriptionStatus {
  if (record.status === 'canceled' && (!record.period_end || Date.parse(record.period_end) <= now.getTime()))
    return 'inactive';
  return record.status;
}

/** May the subscriber use what the plan gives (SPEC.md §7 status {user_id, btn_id})? */
export function isUsable(record: { status: SubscriptionStatus; period_end?: string }, now: Date): boolean {
  return effectiveStatus(record, now) !== 'inactive';
}
