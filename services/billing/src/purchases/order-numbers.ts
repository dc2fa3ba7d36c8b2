import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { readableNumbers, type RandomIndex } from '@talkwith/platform/numbers';

export { yymmOf } from '@talkwith/platform/numbers';

/**
 * Order numbers a person can read over the phone (`TW-2611-7K3Q`, the
 * platform's readable numbers). They are a reference for people (receipts,
 * mails, support, the operators' search); the provider still gets the long
 * merchant orderId, which stays the idempotency key of the charge. Each is
 * the `_id` of an `order_numbers` row, inserted in the transaction that
 * creates the purchase or settles the period.
 */
const orderNumbers = readableNumbers({
  prefix: 'TW',
  collection: 'order_numbers',
  exhausted: '注文番号を発行できませんでした。もう一度お試しください。',
});

export const ORDER_NUMBER_PATTERN = orderNumbers.pattern;
export const drawOrderNumber = orderNumbers.draw;

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

/** Takes a free number for `ref` (a purchase or period charge) inside the caller's transaction. */
export function allocateOrderNumber(tx: Transaction, ref: string, at: Date, pick?: RandomIndex): Promise<string> {
  return orderNumbers.allocate(tx, { ref }, at, pick);
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
    const batch = await purchases.find(
      { order_number: { $exists: false } },
      { projection: { _id: 1, created_at: 1 }, limit: BACKFILL_BATCH },
    );
    if (batch.length === 0) return numbered;
    for (const { _id, created_at: createdAt } of batch) {
      await store.withTransaction(async (tx) => {
        const number = await allocateOrderNumber(tx, _id, new Date(createdAt));
        const set = await tx
          .collection('purchases')
          .updateOne({ _id, order_number: { $exists: false } }, { $set: { order_number: number } });
        if (set.matchedCount !== 1) await openOrderNumbers(tx).deleteOne({ _id: number });
      });
      numbered += 1;
    }
  }
}
