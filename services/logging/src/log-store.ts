import type { Collection, DocumentStore } from '@talkwith/platform';
import type { EventEnvelope } from '@talkwith/proto';

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

export const LOGGED_EVENTS = ['client.logged', 'user.registered', 'admin.acted'];

export async function openLogs(store: DocumentStore): Promise<Collection<LogEntry>> {
  const logs = store.collection<LogEntry>('logs');
  await logs.createIndex({ at: -1 });
  await logs.createIndex({ user_id: 1, at: -1 });
  return logs;
}

function entryOf(event: EventEnvelope): LogEntry {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const userId = data.user_id ?? data.admin_id;
  if (event.type === 'client.logged') {
    return { _id: event.id, kind: 'client', type: String(data.type), user_id: String(userId), data, at: event.occurredAt };
  }
  return { _id: event.id, kind: 'event', type: event.type, user_id: typeof userId === 'string' ? userId : null, data, at: event.occurredAt };
}

/** Idempotent on the event id: a redelivered event finds its entry already there. */
export async function recordEvent(logs: Collection<LogEntry>, event: EventEnvelope): Promise<void> {
  const { _id, ...entry } = entryOf(event);
  await logs.updateOne({ _id }, { $setOnInsert: entry }, { upsert: true });
}
