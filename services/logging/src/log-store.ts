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
  [key: string]: unknown;
}

export const LOGGED_EVENTS = ['client.logged', 'user.registered', 'admin.acted'] as const;
type LoggedEvent = EventOf<(typeof LOGGED_EVENTS)[number]>;

export function logsIn(store: DocumentStore | Transaction): Collection<LogEntry> {
  return store.collection<LogEntry>('logs');
}

export async function openLogs(store: DocumentStore): Promise<Collection<LogEntry>> {
  const logs = logsIn(store);
  await logs.createIndex({ at: -1 });
  await logs.createIndex({ user_id: 1, at: -1 });
  return logs;
}

function entryOf(event: LoggedEvent): LogEntry {
  const base = { _id: event.id, data: event.data, at: event.occurredAt };
  switch (event.type) {
    case 'client.logged': return { ...base, kind: 'client', type: event.data.type, user_id: event.data.user_id };
    case 'user.registered': return { ...base, kind: 'event', type: event.type, user_id: event.data.user_id };
    case 'admin.acted': return { ...base, kind: 'event', type: event.type, user_id: event.data.admin_id };
  }
}

/** Idempotent on the event id: a redelivered event finds its entry already there. */
export async function recordEvent(logs: Collection<LogEntry>, event: LoggedEvent): Promise<void> {
  const { _id, ...entry } = entryOf(event);
  await logs.updateOne({ _id }, { $setOnInsert: entry }, { upsert: true });
}
