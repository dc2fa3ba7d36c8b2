import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { LogEntry } from '@talkwith/proto/logging';
import { sourceOf } from './writer.ts';

/**
 * A stored entry: the contract's LogEntry with `_id` for `id` (the id of the
 * event it came from, which makes storing it idempotent), plus its expiry
 * (a Date, for the TTL index) unless it is kept forever (audit entries), and
 * who wrote it (`client`, `audit` or the service: the export's 記録元; entries
 * stored before it was kept derive it, entries/writer.ts).
 */
export type LogDoc = Omit<LogEntry, 'id'> & { _id: string; expiresAt?: Date; writer?: string };

/** An entry as it is written, before the store gives it an `_id` of its own (it never does: ids are event ids). */
export type LogDraft = Omit<LogDoc, '_id' | 'expiresAt'>;

export const LOGS = 'logs';

export function logsIn(store: DocumentStore | Transaction): Collection<LogDoc> {
  return store.collection<LogDoc>(LOGS);
}

/** The contract's view of a stored entry (the store-only expiry and writer left out; an entry stored without a source gets one derived). */
export function toEntry(doc: LogDoc): LogEntry {
  return {
    id: doc._id,
    created_at: doc.created_at,
    type: doc.type,
    source: sourceOf(doc),
    user_id: doc.user_id ?? null,
    character_id: doc.character_id ?? null,
    message: doc.message ?? '',
    extra: doc.extra ?? null,
    actor_id: doc.actor_id ?? null,
    request_id: doc.request_id ?? null,
  };
}

/**
 * Each entry carries its own expiry (a Date), so the TTL index needs no
 * options that change with the retention setting (a store cannot change an
 * index's options in place): a new retention applies to entries written after.
 * (created_at, _id) orders every list and pages the export; the other
 * indexes serve the filters by category, user and character.
 */
export async function openLogs(store: DocumentStore): Promise<Collection<LogDoc>> {
  const logs = logsIn(store);
  await logs.createIndex({ created_at: -1, _id: -1 });
  await logs.createIndex({ type: 1, created_at: -1 });
  await logs.createIndex({ user_id: 1, created_at: -1 });
  await logs.createIndex({ character_id: 1, created_at: -1 });
  await logs.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  return logs;
}
