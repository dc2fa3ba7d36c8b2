import { randomUUID } from 'node:crypto';
import { AppError } from '@talkwith/platform';
import type { ProductView, PurchaseFlowReply } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { assertSameRequest, requestFingerprint } from '../idempotency.ts';
import { ProviderRequestError, type AuthorizeResult, type CardSource, type MpiMode } from '../provider/port.ts';
import { reserveSpend } from '../minors/index.ts';
import { withNameTranslations } from '../product-texts/index.ts';
import { reserveCharacter } from './entitlements.ts';
import { allocateOrderNumber } from './order-numbers.ts';
import { productForSale } from './products.ts';
import { openPurchases, UNSETTLED, viewOf, type PurchaseDoc } from './records.ts';
import { settleBySearch } from './resume.ts';
import { applyOutcome, outcomeOfAuthorize, type Outcome } from './settle.ts';
import { messages, purchaseErrors } from '../errors.ts';

/** One intended charge, as a route hands it over (identity from the token, key from the header). */
export interface ChargeRequest {
  userId: string;
  key: string;
  /** Which call (authorize, mpi_none, reauthorize) and its body: the same key with another request is refused. */
  scope: string;
  body: Record<string, unknown>;
  productId: string;
  /** The card to charge, checked (it is the caller's) only when the call is not a repeat. */
  payWith: () => Promise<Payment>;
  mpi: MpiMode;
}

/** How a charge pays: a card (and whether to keep it), or the card of an earlier order (reauthorize). */
export type Payment =
  | { card: CardSource; saveCardTo?: string; shown?: { brand?: string; last4: string } }
  | { originalOrderId: string; shown?: { brand?: string; last4: string } };

/** What a step of the flow answers: 200 settled or at the challenge, 202 while the outcome is being searched. */
export interface FlowAnswer {
  status: 200 | 202;
  body: PurchaseFlowReply;
}

/** What a repeat must match: the call and its body (exported for the crash-repeat tests). */
export function fingerprintOf(scope: string, body: Record<string, unknown>): string {
  return requestFingerprint([scope, body]);
}

/** The answer a purchase's current state gives: the same for the first call and every repeat of its key. */
export function answerOf(doc: PurchaseDoc): FlowAnswer {
  const purchase = viewOf(doc);
  switch (doc.status) {
    case 'captured':
    case 'canceled':
      return { status: 200, body: { ok: true, purchase, next: 'done' } };
    case 'challenge':
      return {
        status: 200,
        body: {
          ok: true,
          purchase,
          next: 'challenge',
          ...(doc.challenge_url ? { challenge_url: doc.challenge_url } : {}),
        },
      };
    case 'failed':
      throw purchaseErrors.declined(purchase);
    default:
      return {
        status: 202,
        body: { ok: true, purchase, next: 'pending', code: 'PAYMENT_PENDING', message: messages.purchasePending },
      };
  }
}

/** Runs one charge end to end (API.md § Purchases flow) and answers it; safe to repeat with the same key. */
export async function charge(deps: BillingDeps, request: ChargeRequest): Promise<FlowAnswer> {
  const fingerprint = fingerprintOf(request.scope, request.body);
  const earlier = await openPurchases(deps.platform.store).findOne({
    user_id: request.userId,
    idempotency_key: request.key,
  });
  if (earlier) return answerOf(await repeatOf(deps, request, earlier, fingerprint));
  // The name's translations are kept with the record, so the result and receipt show it as sold.
  const forSale = await productForSale(deps.platform.store, request.productId);
  const product = (await withNameTranslations(deps.platform.store, [forSale], (p) => p.product_id))[0] ?? forSale;
  const payment = await request.payWith();
  const { doc: created, mine } = await createPurchase(deps, request, product, fingerprint, payment);
  if (!mine) return answerOf(await repeatOf(deps, request, created, fingerprint));
  const outcome = await callProvider(deps, request, payment, created);
  await deps.platform.store.withTransaction((tx) =>
    applyOutcome(tx, deps.platform.events, created._id, outcome, new Date()),
  );
  return answerOf(await reload(deps, created._id));
}

async function repeatOf(
  deps: BillingDeps,
  request: ChargeRequest,
  doc: PurchaseDoc,
  fingerprint: string,
): Promise<PurchaseDoc> {
  assertSameRequest(doc.request_fingerprint, fingerprint);
  if (doc.status === 'created') return resendCreated(deps, request, doc);
  return UNSETTLED.includes(doc.status) ? settleBySearch(deps, doc) : doc;
}

/**
 * A repeat finds its purchase still `created`: the first try may have died
 * (a crash, a kill) before its call reached the provider, and the repeat
 * carries the same card. Sending the SAME orderId again is safe — the
 * provider knows one order per orderId and answers a known one with its
 * result, or refuses it — and spares a customer with a good card a purchase
 * that would otherwise fail after the grace period. A refusal or a lost
 * answer is settled by what a search of that orderId finds.
 */
async function resendCreated(deps: BillingDeps, request: ChargeRequest, doc: PurchaseDoc): Promise<PurchaseDoc> {
  let result: AuthorizeResult;
  try {
    result = await sendCharge(deps, request, await request.payWith(), doc);
  } catch (err) {
    deps.platform.logger.warn(
      { err, orderId: doc.order_id },
      'resending a created order failed: the order is searched',
    );
    return settleBySearch(deps, doc);
  }
  await deps.platform.store.withTransaction((tx) =>
    applyOutcome(tx, deps.platform.events, doc._id, outcomeOfAuthorize(result), new Date()),
  );
  return reload(deps, doc._id);
}

export async function reload(deps: BillingDeps, purchaseId: string): Promise<PurchaseDoc> {
  const doc = await openPurchases(deps.platform.store).findOne({ _id: purchaseId });
  if (!doc) throw purchaseErrors.notFound();
  return doc;
}

/** Tries of tx 1 when its order number was taken by a concurrent purchase in the meantime (order-numbers.ts). */
const CREATE_TRIES = 3;

/**
 * Tx 1: the purchase with its one orderId and its order number, the
 * character reserved and, for a minor, the amount reserved on the month's
 * cap (403 SPENDING_CAP: nothing is stored, the provider never hears of it).
 * A concurrent twin with the same key gets the first's record.
 */
async function createPurchase(
  deps: BillingDeps,
  request: ChargeRequest,
  product: ProductView,
  fingerprint: string,
  payment: Payment,
): Promise<{ doc: PurchaseDoc; mine: boolean }> {
  const now = new Date();
  const at = now.toISOString();
  const _id = randomUUID();
  const shown = 'shown' in payment ? payment.shown : undefined;
  const base: PurchaseDoc = {
    _id,
    user_id: request.userId,
    product_id: product.product_id,
    kind: product.kind,
    name: product.name,
    ...(product.name_i18n ? { name_i18n: product.name_i18n } : {}),
    amount: product.amount,
    refunded: 0,
    order_id: `tw${randomUUID().replaceAll('-', '')}`,
    idempotency_key: request.key,
    request_fingerprint: fingerprint,
    status: 'created',
    source: 'card',
    attempts: 0,
    refund_in_flight: null,
    created_at: at,
    updated_at: at,
    ...(shown ? { card: shown } : {}),
    ...(product.character_id ? { character_id: product.character_id } : {}),
    ...(product.tickets ? { tickets: product.tickets } : {}),
    ...(product.points ? { points: product.points } : {}),
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.platform.store.withTransaction(async (tx) => {
        if (base.character_id) await reserveCharacter(tx, base.user_id, base.character_id, _id, at);
        await reserveSpend(tx, deps.config, { userId: base.user_id, ref: _id, amount: base.amount, now, what: '購入' });
        const doc = { ...base, order_number: await allocateOrderNumber(tx, _id, now) };
        return { doc: await openPurchases(tx).insertOne(doc), mine: true };
      });
    } catch (err) {
      // A twin request with the same key got there first (its record, or its character reservation): answer as its repeat.
      const twin = await openPurchases(deps.platform.store).findOne({
        user_id: request.userId,
        idempotency_key: request.key,
      });
      if (twin) return { doc: twin, mine: false };
      // Otherwise a duplicate is the order number, taken by a concurrent purchase after this one read it free: draw again.
      if (!(err instanceof AppError && err.code === 'DUPLICATE_KEY') || attempt >= CREATE_TRIES) throw err;
    }
  }
}

/**
 * The provider call, outside any transaction. A lost answer (time-out, a
 * broken connection) is `unknown`: searched later by the same orderId, never
 * sent again. A request the provider refused (bad token) charged nothing.
 */
async function callProvider(
  deps: BillingDeps,
  request: ChargeRequest,
  payment: Payment,
  doc: PurchaseDoc,
): Promise<Outcome> {
  try {
    return outcomeOfAuthorize(await sendCharge(deps, request, payment, doc));
  } catch (err) {
    if (err instanceof ProviderRequestError) {
      return {
        status: 'failed',
        codes: { vResultCode: err.vResultCode ?? 'REQUEST', mstatus: 'failure', message: err.message },
      };
    }
    deps.platform.logger.warn({ err, orderId: doc.order_id }, 'card provider answer lost: the order will be searched');
    return { status: 'unknown' };
  }
}

function sendCharge(
  deps: BillingDeps,
  request: ChargeRequest,
  payment: Payment,
  doc: PurchaseDoc,
): Promise<AuthorizeResult> {
  if ('originalOrderId' in payment) {
    return deps.provider.reauthorize({
      orderId: doc.order_id,
      originalOrderId: payment.originalOrderId,
      amount: doc.amount,
    });
  }
  return deps.provider.authorize({
    orderId: doc.order_id,
    amount: doc.amount,
    card: payment.card,
    withCapture: true,
    mpi: request.mpi,
    redirectionUri: `${deps.publicUrl}/payment/process/mpi_complete?order_id=${encodeURIComponent(doc.order_id)}`,
    ...(payment.saveCardTo ? { saveCardTo: payment.saveCardTo } : {}),
  });
}
