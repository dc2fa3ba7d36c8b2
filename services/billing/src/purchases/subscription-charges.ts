import type { DocumentStore, Transaction } from '@talkwith/platform';
import { allocateOrderNumber } from './order-numbers.ts';
import { openPurchases } from './records.ts';

/** A subscription period the subscriptions area has charged and granted. */
export interface SettledPeriodCharge {
  order_id: string;
  user_id: string;
  plan_code: string;
  name: string;
  amount: number;
  tickets: number;
  points: number;
  at: string;
  /** The recurring card's masked number (`************1111`), when known: the receipt shows its last 4 digits. */
  card_masked?: string;
}

/**
 * Records a charged subscription period among the purchases, so the
 * customer's purchase history and the operators' payment history show every
 * yen taken, not only one-off purchases. Written in the transaction that
 * settles the period (once: its `_id` is the period's orderId, which is also
 * the `ref` of the period's grants). Source `subscription`: refunds of a
 * period are not made through the purchase refund routes.
 */
export async function recordSubscriptionCharge(tx: Transaction, charge: SettledPeriodCharge): Promise<void> {
  const last4 = charge.card_masked?.replace(/\D/g, '').slice(-4);
  await openPurchases(tx).insertOne({
    _id: charge.order_id,
    user_id: charge.user_id,
    product_id: `plan:${charge.plan_code}`,
    kind: 'subscription',
    name: charge.name,
    amount: charge.amount,
    refunded: 0,
    order_id: charge.order_id,
    order_number: await allocateOrderNumber(tx, charge.order_id, new Date(charge.at)),
    ...(last4 && last4.length === 4 ? { card: { last4 } } : {}),
    idempotency_key: `subscription:${charge.order_id}`,
    request_fingerprint: '',
    status: 'captured',
    source: 'subscription',
    attempts: 1,
    refund_in_flight: null,
    created_at: charge.at,
    updated_at: charge.at,
    settled_at: charge.at,
    tickets: charge.tickets,
    points: charge.points,
  });
}

/** A period charge refunded in full (the account was deleted as it was being charged): the purchase says so, for accounting. */
export async function markSubscriptionChargeRefunded(
  store: DocumentStore | Transaction,
  orderId: string,
  refunded: number,
  at: string,
): Promise<void> {
  await openPurchases(store).updateOne(
    { _id: orderId, source: 'subscription' },
    { $set: { status: 'canceled', refunded, updated_at: at } },
  );
}
