import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';

export interface LogEntry {
  _id: string;
  /** 'client' = a line a client sent over the WebSocket; 'event' = a domain event worth auditing. */
  kind: 'client' | 'event';
  type: string;
  user_id: string | null;
  data: unknown;
  at: string;
  /** Client lines only: when the store removes the line (TTL index); audit entries have none and are kept. */
  expiresAt?: Date;
  [key: string]: unknown;
}

export const LOGGED_EVENTS = ['client.logged', 'user.registered', 'user.logged_in', 'admin.acted'] as const;
type LoggedEvent = EventOf<(typeof LOGGED_EVENTS)[number]>;

export function logsIn(store: DocumentStore | Transaction): Collection<LogEntry> {
  return store.collection<LogEntry>('logs');
}

/**
 * Each client line carries its own expiry (a Date), so the TTL index needs no
 * options that change with the retention setting (a store cannot change an
 * index's options in place): a new retention applies to lines written after.
 */
export async function openLogs(store: DocumentStore): Promise<Collection<LogEntry>> {
  const logs = logsIn(store);
  await logs.createIndex({ at: -1 });
  await logs.createIndex({ user_id: 1, at: -1 });
  await logs.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  return logs;
}

const DAY_MS = 86_400_000;

function entryOf(event: LoggedEvent, retentionDays: number): LogEntry {
  const base = { _id: event.id, data: event.data, at: event.occurredAt };
  switch (event.type) {
    case 'client.logged': return { ...base, kind: 'client', type: event.data.type, user_id: event.data.user_id, expiresAt: new Date(Date.parse(event.occurredAt) + retentionDays * DAY_MS) };
    case 'user.registered': return { ...base, kind: 'event', type: event.type, user_id: event.data.user_id };
    // SPEC.md §4: a log-in within 48 hours of the previous one is logged as a re-login.
    case 'user.logged_in': return { ...base, kind: 'event', type: event.type, user_id: event.data.user_id, relogin: event.data.relogin, message: event.data.relogin ? '再ログイン（前回から48時間以内）' : 'ログイン' };
    case 'admin.acted': return { ...base, kind: 'event', type: event.type, user_id: event.data.admin_id };
  }
}

/** Idempotent on the event id: a redelivered event finds its entry already there. */
export async function recordEvent(logs: Collection<LogEntry>, event: LoggedEvent, retentionDays: number): Promise<void> {
  const { _id, ...entry } = entryOf(event, retentionDays);
  await logs.updateOne({ _id }, { $setOnInsert: entry }, { upsert: true });
}
