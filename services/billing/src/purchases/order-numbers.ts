import { randomInt } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';

/**
 * Order numbers a person can read over the phone: `TW-2611-7K3Q` — the
 * prefix, the year and month of the order in Japan time (YYMM), and random
 * characters from an alphabet without the look-alikes 0/O and 1/I (32
 * symbols, so `randomInt` draws each without bias). They are a reference for
 * people (receipts, mails, support, the operators' search); the provider still
 * gets the long merchant orderId, which stays the idempotency key of the charge.
 *
 * Uniqueness: each number is the `_id` of an `order_numbers` row (the
 * collection's unique key), inserted in the transaction that creates the
 * purchase or settles the period. A number already taken is skipped (read in
 * the same transaction) and, after three taken draws in a row, the random
 * part grows by one character, so a busy month never runs out of numbers.
 */
export const ORDER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_PREFIX = 'TW';
export const ORDER_NUMBER_PATTERN = /^TW-\d{4}-[2-9A-HJ-NP-Z]{4,12}$/;
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DRAWS_PER_LENGTH = 3;
const MAX_DRAWS = 24;

export interface OrderNumberDoc {
  _id: string;
  /** The purchase (or period charge) that holds it. */
  ref: string;
  at: string;
  [key: string]: unknown;
}

export function openOrderNumbers(store: DocumentStore | Transaction): Collection<OrderNumberDoc> {
  return store.collection<OrderNumberDoc>('order_numbers');
}

/** YYMM of an instant on the Japanese calendar. */
export function yymmOf(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(2, 7).replace('-', '');
}

/** One candidate: `TW-YYMM-` and `length` random characters. */
export function drawOrderNumber(at: Date, length = 4, pick: (n: number) => number = randomInt): string {
  let tail = '';
  for (let i = 0; i < length; i += 1) tail += ORDER_ALPHABET[pick(ORDER_ALPHABET.length)];
  return `${ORDER_PREFIX}-${yymmOf(at)}-${tail}`;
}

/**
 * Takes a free number for `ref` inside the caller's transaction. The store's
 * transactions never lose a read-then-write race (a concurrent taker of the
 * same number makes one of the two fail with DUPLICATE_KEY: the caller's
 * transaction is then rolled back and may be run again).
 */
export async function allocateOrderNumber(tx: Transaction, ref: string, at: Date, pick: (n: number) => number = randomInt): Promise<string> {
  const numbers = openOrderNumbers(tx);
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    const candidate = drawOrderNumber(at, 4 + Math.floor(draw / DRAWS_PER_LENGTH), pick);
    if (await numbers.findOne({ _id: candidate }, { projection: { _id: 1 } })) continue;
    await numbers.insertOne({ _id: candidate, ref, at: at.toISOString() });
    return candidate;
  }
  throw new AppError('CONFLICT', '注文番号を発行できませんでした。もう一度お試しください。', { status: 409 });
}

/** What an operator types, as stored: upper case, spaces dropped, the hyphens put back when left out (`tw26117k3q` → `TW-2611-7K3Q`). */
export function normalizeOrderNumber(text: string): string {
  const compact = text.toUpperCase().replace(/[\s-]+/g, '');
  const parts = /^([A-Z]{2})(\d{4})([0-9A-Z]+)$/.exec(compact);
  return parts ? `${parts[1]}-${parts[2]}-${parts[3]}` : compact;
}

const BACKFILL_BATCH = 200;

/**
 * Gives an order number to purchases recorded before numbers existed (at
 * start, in batches; each in its own transaction, guarded so a record that
 * got one meanwhile keeps it). Returns how many were numbered.
 */
export async function backfillOrderNumbers(store: DocumentStore): Promise<number> {
  const purchases = store.collection<{ _id: string; created_at: string; order_number?: string }>('purchases');
  let numbered = 0;
  for (;;) {
    const batch = await purchases.find({ order_number: { $exists: false } }, { projection: { _id: 1, created_at: 1 }, limit: BACKFILL_BATCH });
    if (batch.length === 0) return numbered;
    for (const { _id, created_at: createdAt } of batch) {
      await store.withTransaction(async (tx) => {
        const number = await allocateOrderNumber(tx, _id, new Date(createdAt));
        const set = await tx.collection('purchases').updateOne({ _id, order_number: { $exists: false } }, { $set: { order_number: number } });
        if (set.matchedCount !== 1) await openOrderNumbers(tx).deleteOne({ _id: number });
      });
      numbered += 1;
    }
  }
}
