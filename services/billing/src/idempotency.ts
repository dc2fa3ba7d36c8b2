import { createHash } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { callErrors } from './errors.ts';

/** One answered money-moving call, kept so a retry with its key gets the same answer. */
export interface IdempotencyRecord {
  _id: string;
  scope: string;
  user_id: string;
  fingerprint: string;
  status: number;
  body: unknown;
  created_at: string;
  [key: string]: unknown;
}

export interface IdempotentCall {
  /** What the call does (`tickets.use`, `points.give`): the same key may be used once per scope and user. */
  scope: string;
  /** Whose call it is (the caller, or the admin acting). */
  userId: string;
  /** The Idempotency-Key header. */
  key: string;
  /** What was asked (body, params): a repeat with another request under the same key is refused. */
  request: unknown;
}

export interface Answer<B> {
  status: number;
  body: B;
}

export const IDEMPOTENCY = 'idempotency';

export function openIdempotency(store: DocumentStore | Transaction): Collection<IdempotencyRecord> {
  return store.collection<IdempotencyRecord>(IDEMPOTENCY);
}

function recordIdOf(call: IdempotentCall): string {
  return createHash('sha256').update(`${call.scope}\u0000${call.userId}\u0000${call.key}`).digest('base64url');
}

/**
 * What a repeat under the same key must match. Stable across key order, so a
 * client that re-serialises its body differently is still the same request.
 * (Purchases and refunds keep it on their own records: they are their own
 * idempotency records.)
 */
export function requestFingerprint(request: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(request) ?? null))
    .digest('base64url');
}

/** Refuses (422 IDEMPOTENCY_KEY_REUSED) a key first used for another request. */
export function assertSameRequest(storedFingerprint: string, fingerprint: string): void {
  if (storedFingerprint !== fingerprint) {
    throw callErrors.keyReused();
  }
}

function replay<B>(record: IdempotencyRecord, fingerprint: string): Answer<B> {
  assertSameRequest(record.fingerprint, fingerprint);
  return { status: record.status, body: record.body as B };
}

/**
 * Runs a money-moving call whose every write is in the store, exactly once
 * per (scope, user, key): `work`'s writes, its events (published with `tx`)
 * and the stored answer commit together, so a retry after a crash either
 * finds the answer or runs the call afresh, never half of it. A call that
 * throws stores nothing (it changed nothing), so a retry runs it again.
 * Concurrent first tries: one commits; the other's insert of the same record
 * id fails, and it answers what the first stored.
 */
export async function idempotent<B>(
  store: DocumentStore,
  call: IdempotentCall,
  work: (tx: Transaction) => Promise<Answer<B>>,
): Promise<Answer<B>> {
  const _id = recordIdOf(call);
  const fingerprint = requestFingerprint(call.request);
  try {
    return await store.withTransaction(async (tx) => {
      const records = openIdempotency(tx);
      const earlier = await records.findOne({ _id });
      if (earlier) return replay<B>(earlier, fingerprint);
      const answer = await work(tx);
      await records.insertOne({
        _id,
        scope: call.scope,
        user_id: call.userId,
        fingerprint,
        status: answer.status,
        body: answer.body,
        created_at: new Date().toISOString(),
      });
      return answer;
    });
  } catch (err) {
    if ((err as { code?: string }).code !== 'DUPLICATE_KEY') throw err;
    const winner = await openIdempotency(store).findOne({ _id });
    if (!winner) throw err;
    return replay<B>(winner, fingerprint);
  }
}

export async function ensureIdempotencyIndexes(store: DocumentStore): Promise<void> {
  await openIdempotency(store).createIndex({ user_id: 1, created_at: -1 });
}
