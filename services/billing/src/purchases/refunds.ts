import { createHash } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { BillingDeps } from '../deps.ts';
import { assertSameRequest, requestFingerprint } from '../idempotency.ts';
import { revokePointsOf, revokeTicketsOf } from '../ledger/index.ts';
import { releaseSpend } from '../minors/index.ts';
import { ProviderRequestError, ProviderTimeoutError } from '../provider/port.ts';
import { releaseCharacter } from './entitlements.ts';
import { openPurchases, type PurchaseDoc } from './records.ts';
import { purchaseErrors } from '../errors.ts';

/**
 * One refund asked for under an Idempotency-Key. It is written before the
 * provider is called and marked done in the transaction that books it, so a
 * retry (or the reconciliation job) after a crash in between first asks the
 * provider how much is already refunded and never refunds twice.
 */
export interface RefundDoc {
  _id: string;
  purchase_id: string;
  /** Yen this refund gives back. */
  amount: number;
  /** What the purchase had refunded before this one: the provider's total after it is base + amount. */
  base_refunded: number;
  fingerprint: string;
  by: 'user' | 'admin';
  actor_id: string;
  reason?: string;
  /** refused: the provider would not refund (nothing was refunded); the purchase's refund slot is free again. */
  state: 'requested' | 'done' | 'refused';
  created_at: string;
  done_at?: string;
  [key: string]: unknown;
}

export interface RefundRequest {
  purchaseId: string;
  /** Undefined: everything not yet refunded (a full cancel). */
  amount?: number;
  by: 'user' | 'admin';
  actorId: string;
  key: string;
  reason?: string;
}

function openRefunds(store: DocumentStore | Transaction): Collection<RefundDoc> {
  return store.collection<RefundDoc>('purchase_refunds');
}

export async function ensureRefundIndexes(store: DocumentStore): Promise<void> {
  await openRefunds(store).createIndex({ state: 1, created_at: 1 });
}

/** A requested refund younger than this is assumed to be still running in the request that wrote it. */
const REFUND_IN_FLIGHT_MS = 60_000;

/** Refunds a captured purchase (all of it, or `amount`) at the provider, then books it; safe to repeat with the same key. */
export async function refund(deps: BillingDeps, request: RefundRequest): Promise<PurchaseDoc> {
  const _id = createHash('sha256').update(`refund\u0000${request.actorId}\u0000${request.key}`).digest('base64url');
  const fingerprint = requestFingerprint([request.purchaseId, request.amount ?? 'all', request.reason ?? '']);
  const refunds = openRefunds(deps.platform.store);
  let record = await refunds.findOne({ _id });
  if (!record) record = await reserveRefund(deps, request, _id, fingerprint);
  else {
    assertSameRequest(record.fingerprint, fingerprint);
    if (record.state === 'requested' && Date.now() - Date.parse(record.created_at) < REFUND_IN_FLIGHT_MS) {
      throw purchaseErrors.refundRunning();
    }
  }
  if (record.state === 'refused') throw purchaseErrors.refundRefusedByProvider();
  if (record.state === 'requested') await completeRefund(deps, record);
  const doc = await openPurchases(deps.platform.store).findOne({ _id: request.purchaseId });
  if (!doc) throw purchaseErrors.notFound();
  return doc;
}

/** Checks the amount and takes the purchase's one refund slot (compare-and-set), so refunds never exceed what was captured. */
async function reserveRefund(
  deps: BillingDeps,
  request: RefundRequest,
  _id: string,
  fingerprint: string,
): Promise<RefundDoc> {
  return deps.platform.store.withTransaction(async (tx) => {
    const purchases = openPurchases(tx);
    const doc = await purchases.findOne({ _id: request.purchaseId });
    if (!doc) throw purchaseErrors.notFound();
    if (doc.status !== 'captured' || doc.source !== 'card') throw purchaseErrors.notRefundable();
    if (doc.refund_in_flight) throw purchaseErrors.refundInFlight();
    const left = doc.amount - doc.refunded;
    const amount = request.amount ?? left;
    if (amount < 1 || amount > left) throw purchaseErrors.refundTooLarge(left);
    const taken = await purchases.updateOne(
      { _id: doc._id, status: 'captured', refunded: doc.refunded, refund_in_flight: null },
      { $set: { refund_in_flight: _id } },
    );
    if (taken.matchedCount !== 1) throw purchaseErrors.refundInFlight();
    return openRefunds(tx).insertOne({
      _id,
      purchase_id: doc._id,
      amount,
      base_refunded: doc.refunded,
      fingerprint,
      by: request.by,
      actor_id: request.actorId,
      ...(request.reason ? { reason: request.reason } : {}),
      state: 'requested',
      created_at: new Date().toISOString(),
    });
  });
}

/** Refunds at the provider whatever of this refund it has not refunded yet, then books it. */
async function completeRefund(deps: BillingDeps, record: RefundDoc): Promise<void> {
  const purchase = await openPurchases(deps.platform.store).findOne({ _id: record.purchase_id });
  if (!purchase || purchase.refund_in_flight !== record._id) return;
  const target = record.base_refunded + record.amount;
  try {
    const known = await deps.provider.search(purchase.order_id);
    if (known.refundedAmount < target) await deps.provider.cancel(purchase.order_id, target - known.refundedAmount);
  } catch (err) {
    if (err instanceof ProviderRequestError) {
      await releaseRefusedRefund(deps, record);
      throw purchaseErrors.refundRefusedByProvider();
    }
    if (!(err instanceof ProviderTimeoutError)) throw err;
    throw purchaseErrors.refundUnknown();
  }
  await deps.platform.store.withTransaction((tx) => bookRefund(tx, deps, record, purchase));
}

/** The provider refused the refund outright (nothing was refunded): free the purchase's refund slot. */
async function releaseRefusedRefund(deps: BillingDeps, record: RefundDoc): Promise<void> {
  await deps.platform.store.withTransaction(async (tx) => {
    await openPurchases(tx).updateOne(
      { _id: record.purchase_id, refund_in_flight: record._id },
      { $set: { refund_in_flight: null } },
    );
    await openRefunds(tx).updateOne(
      { _id: record._id, state: 'requested' },
      { $set: { state: 'refused', done_at: new Date().toISOString() } },
    );
  });
}

/** Books a refund the provider made: the amount and `purchase.refunded` (revenue), and on a full refund the grants taken back and `purchase.canceled`, together. */
async function bookRefund(tx: Transaction, deps: BillingDeps, record: RefundDoc, purchase: PurchaseDoc): Promise<void> {
  const now = new Date();
  const at = now.toISOString();
  const refunded = record.base_refunded + record.amount;
  const whole = refunded >= purchase.amount;
  const booked = await openPurchases(tx).updateOne(
    { _id: purchase._id, refund_in_flight: record._id },
    {
      $set: {
        refunded,
        refund_in_flight: null,
        updated_at: at,
        ...(whole ? { status: 'canceled', canceled_at: at } : {}),
      },
    },
  );
  if (booked.matchedCount !== 1) return;
  await openRefunds(tx).updateOne({ _id: record._id }, { $set: { state: 'done', done_at: at } });
  await deps.platform.events.publish(
    'purchase.refunded',
    purchase.user_id,
    {
      purchase_id: purchase._id,
      user_id: purchase.user_id,
      order_id: purchase.order_id,
      amount: record.amount,
      refunded,
      whole,
      refunded_at: at,
    },
    tx,
  );
  // A minor's month counts charges minus refunds.
  await releaseSpend(tx, purchase._id, record.amount);
  if (whole) await takeBack(tx, deps, purchase, record, now);
  if (record.by === 'admin') {
    await deps.platform.events.publish(
      'admin.acted',
      record.actor_id,
      {
        admin_id: record.actor_id,
        action: whole ? 'purchase.canceled' : 'purchase.refunded',
        target_user_id: purchase.user_id,
        detail: {
          purchase_id: purchase._id,
          order_id: purchase.order_id,
          amount: record.amount,
          refunded,
          reason: record.reason,
        },
      },
      tx,
    );
  }
}

async function takeBack(
  tx: Transaction,
  deps: BillingDeps,
  purchase: PurchaseDoc,
  record: RefundDoc,
  now: Date,
): Promise<void> {
  const { events } = deps.platform;
  const admin = record.by === 'admin' ? { admin_id: record.actor_id } : {};
  const reason = record.reason ?? '購入の取り消し';
  if (purchase.character_id) await releaseCharacter(tx, purchase.user_id, purchase.character_id, purchase._id);
  if (purchase.tickets)
    await revokeTicketsOf(tx, events, { user_id: purchase.user_id, ref: purchase._id, reason, now, ...admin });
  if (purchase.points)
    await revokePointsOf(tx, events, { user_id: purchase.user_id, ref: purchase._id, reason, now, ...admin });
  await events.publish(
    'purchase.canceled',
    purchase.user_id,
    {
      purchase_id: purchase._id,
      user_id: purchase.user_id,
      order_id: purchase.order_id,
      amount: purchase.amount,
      by: record.by,
      canceled_at: now.toISOString(),
    },
    tx,
  );
}

/** The reconciliation job's share: refunds left `requested` by a crash are finished. */
export async function resumeStaleRefunds(deps: BillingDeps, now: Date = new Date()): Promise<number> {
  const stale = await openRefunds(deps.platform.store).find(
    { state: 'requested', created_at: { $lte: new Date(now.getTime() - REFUND_IN_FLIGHT_MS).toISOString() } },
    { limit: 100 },
  );
  for (const record of stale) {
    try {
      await completeRefund(deps, record);
    } catch (err) {
      deps.platform.logger.warn({ err, refund: record._id }, 'refund could not be finished yet');
    }
  }
  return stale.length;
}
