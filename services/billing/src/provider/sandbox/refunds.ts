/** Refunds: full or partial, never more than what was captured and is not yet refunded. */
import { randomUUID } from 'node:crypto';
import type { Transaction } from '@talkwith/platform';
import { ProviderRequestError, type OrderState } from '../port.ts';
import { CODES, REQUEST_ERRORS } from './cards.ts';
import { orderStateOf, ordersIn, refundsIn, type OrderDoc } from './model.ts';

/**
 * Refunds `amount` (default: all that is left). A full cancel of an order
 * already fully refunded answers its state without refunding again; a partial
 * cancel refunds each time it is called, so a caller unsure whether one went
 * through searches first (refundedAmount) rather than repeating it.
 */
export async function cancelOrder(
  tx: Transaction,
  orderId: string,
  amount: number | undefined,
  nowMs: number,
): Promise<OrderState> {
  const order = await ordersIn(tx).findOne({ _id: orderId });
  if (!order) throw new ProviderRequestError('取引が見つかりません。', REQUEST_ERRORS.orderNotFound);
  if (order.status !== 'success' && order.status !== 'canceled') {
    throw new ProviderRequestError('この取引は取消できる状態ではありません。', REQUEST_ERRORS.badState);
  }
  const left = order.captured - order.refunded;
  // An authorisation without capture (a card check) is voided: nothing was taken, so nothing is refunded.
  if (order.auth_only && order.captured === 0) return voidOrder(tx, order);
  if (amount === undefined && left === 0) return orderStateOf(order, orderId);
  const refund = amount ?? left;
  if (!Number.isSafeInteger(refund) || refund <= 0)
    throw new ProviderRequestError('取消金額が正しくありません。', REQUEST_ERRORS.badAmount);
  if (refund > left) throw new ProviderRequestError('取消金額が売上金額を超えています。', REQUEST_ERRORS.overRefund);
  const refunded = order.refunded + refund;
  const status = refunded === order.captured ? 'canceled' : 'success';
  const { matchedCount } = await ordersIn(tx).updateOne(
    { _id: orderId, refunded: order.refunded },
    { $set: { refunded, status, codes: CODES.canceled } },
  );
  if (matchedCount !== 1)
    throw new ProviderRequestError('取消が同時に行われました。もう一度照会してください。', REQUEST_ERRORS.badState);
  await refundsIn(tx).insertOne({ _id: randomUUID(), order_id: orderId, amount: refund, at_ms: nowMs });
  return orderStateOf({ ...order, refunded, status, codes: CODES.canceled }, orderId);
}

async function voidOrder(tx: Transaction, order: OrderDoc): Promise<OrderState> {
  await ordersIn(tx).updateOne({ _id: order._id }, { $set: { status: 'canceled', codes: CODES.canceled } });
  return orderStateOf({ ...order, status: 'canceled', codes: CODES.canceled }, order._id);
}
