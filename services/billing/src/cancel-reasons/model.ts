import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { AdminCancelReasonView, CancelReasonView } from '@talkwith/proto/billing';

/** A reason a subscriber may give for cancelling; operators add, rename, reorder and retire them. */
export interface CancelReasonRecord {
  _id: string;
  label: string;
  position: number;
  /** Retired reasons are no longer offered; past cancellations keep naming them. */
  retired_at: string | null;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

/**
 * One cancellation, kept apart from the subscription (which a resubscribe
 * clears) so that the console can count reasons over any period. Written in
 * the transaction of the cancel itself.
 */
export interface CancellationRecord {
  _id: string;
  subscription_id: string;
  user_id: string;
  plan_code: string;
  reason_id: string | null;
  /** The label when it was chosen (a later rename does not rewrite history). */
  reason_label: string | null;
  text: string | null;
  by: 'user' | 'operator';
  canceled_at: string;
  [key: string]: unknown;
}

export const openCancelReasons = (store: DocumentStore | Transaction): Collection<CancelReasonRecord> =>
  store.collection<CancelReasonRecord>('cancel_reasons');
export const openCancellations = (store: DocumentStore | Transaction): Collection<CancellationRecord> =>
  store.collection<CancellationRecord>('subscription_cancellations');

export async function ensureCancelReasonIndexes(store: DocumentStore): Promise<void> {
  await openCancelReasons(store).createIndex({ position: 1 });
  await openCancellations(store).createIndex({ canceled_at: 1 });
  await openCancellations(store).createIndex({ user_id: 1 });
}

export function reasonView(record: CancelReasonRecord): CancelReasonView {
  return { reason_id: record._id, label: record.label, position: record.position };
}

export function adminReasonView(record: CancelReasonRecord): AdminCancelReasonView {
  return {
    ...reasonView(record),
    retired_at: record.retired_at,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** Offered reasons, in order (position, then label). */
export async function offeredReasons(store: DocumentStore | Transaction): Promise<CancelReasonRecord[]> {
  return openCancelReasons(store).find({ retired_at: null }, { sort: { position: 1, label: 1 } });
}
