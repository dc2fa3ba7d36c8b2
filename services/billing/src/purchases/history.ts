import { randomUUID } from 'node:crypto';
import type { DocumentStore, Eventing, Filter, Transaction } from '@talkwith/platform';
import type {
  AdminPaymentHistoryQuery,
  AdminPurchaseView,
  HistoryInsertBody,
  PurchaseView,
} from '@talkwith/proto/billing';
import { openEntitlements } from './entitlements.ts';
import { allocateOrderNumber, normalizeOrderNumber } from './order-numbers.ts';
import { productEverSold } from './products.ts';
import { adminViewOf, openPurchases, viewOf, type PurchaseDoc } from './records.ts';
import { deliver } from './settle.ts';
import { purchaseErrors } from '../errors.ts';

export const PAGE_SIZE = 20;

export async function purchaseHistory(
  store: DocumentStore,
  userId: string,
  page = 1,
): Promise<{ purchases: PurchaseView[]; total: number }> {
  const purchases = openPurchases(store);
  const filter = { user_id: userId };
  const docs = await purchases.find(filter, {
    sort: { created_at: -1, _id: 1 },
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return { purchases: docs.map(viewOf), total: await purchases.countDocuments(filter) };
}

/** Operators' payment history (SPEC.md admin payment/history): newest first, 20 a page. */
export async function paymentHistory(
  store: DocumentStore,
  query: AdminPaymentHistoryQuery,
): Promise<{ purchases: AdminPurchaseView[]; total: number; page: number }> {
  const filter: Filter = {};
  if (query.user_id) filter.user_id = query.user_id;
  if (query.status) filter.status = query.status;
  if (query.order_number)
    filter.$or = [{ order_number: normalizeOrderNumber(query.order_number) }, { order_id: query.order_number.trim() }];
  if (query.from || query.to)
    filter.created_at = {
      ...(query.from ? { $gte: new Date(query.from).toISOString() } : {}),
      ...(query.to ? { $lt: new Date(query.to).toISOString() } : {}),
    };
  const page = query.page ?? 1;
  const purchases = openPurchases(store);
  const docs = await purchases.find(filter, {
    sort: { created_at: -1, _id: 1 },
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return { purchases: docs.map(adminViewOf), total: await purchases.countDocuments(filter), page };
}

/**
 * An operator records a sale made outside the card flow (no charge): the
 * buyer gets what the product holds, in the same transaction as the record
 * and `purchase.completed`. Runs inside the caller's (idempotent, audited) transaction.
 */
export async function insertManualPurchase(
  tx: Transaction,
  events: Eventing,
  adminId: string,
  body: HistoryInsertBody,
  key: string,
): Promise<PurchaseDoc> {
  const product = await productEverSold(tx, body.product_id);
  if (product.character_id) {
    const owned = await openEntitlements(tx).findOne({ _id: `${body.user_id}:${product.character_id}` });
    if (owned) throw purchaseErrors.userAlreadyOwns();
  }
  const now = new Date();
  const at = now.toISOString();
  const _id = randomUUID();
  const doc = await openPurchases(tx).insertOne({
    _id,
    user_id: body.user_id,
    product_id: product.product_id,
    kind: product.kind,
    name: product.name,
    amount: body.amount,
    refunded: 0,
    order_id: `manual${_id.replaceAll('-', '')}`,
    order_number: await allocateOrderNumber(tx, _id, now),
    idempotency_key: `manual:${adminId}:${key}`,
    request_fingerprint: '',
    status: 'captured',
    source: 'manual',
    attempts: 0,
    refund_in_flight: null,
    note: body.note,
    created_by: adminId,
    created_at: at,
    updated_at: at,
    settled_at: at,
    ...(product.character_id ? { character_id: product.character_id } : {}),
    ...(product.tickets ? { tickets: product.tickets } : {}),
    ...(product.points ? { points: product.points } : {}),
  });
  await deliver(tx, events, doc, at);
  return doc;
}
