import type { BillingDeps } from '../deps.ts';
import { ProviderRequestError } from '../provider/port.ts';
import { openPurchases, UNSETTLED, type PurchaseDoc } from './records.ts';
import {
  applyOutcome,
  CHALLENGE_ABANDON_MS,
  CREATED_GRACE_MS,
  outcomeOfAuthorize,
  outcomeOfSearch,
  type Outcome,
} from './settle.ts';
import { purchaseErrors } from '../errors.ts';

async function settleWith(deps: BillingDeps, doc: PurchaseDoc, outcome: Outcome, now: Date): Promise<PurchaseDoc> {
  await deps.platform.store.withTransaction((tx) => applyOutcome(tx, deps.platform.events, doc._id, outcome, now));
  return (await openPurchases(deps.platform.store).findOne({ _id: doc._id })) ?? doc;
}

/**
 * Asks the provider what became of the purchase's one orderId and settles
 * from that (API.md: repeats, confirm, result/get and the reconciliation job
 * all come here). A search that fails leaves the purchase as it was.
 */
export async function settleBySearch(
  deps: BillingDeps,
  doc: PurchaseDoc,
  now: Date = new Date(),
): Promise<PurchaseDoc> {
  if (!UNSETTLED.includes(doc.status)) return doc;
  try {
    const state = await deps.provider.search(doc.order_id);
    return await settleWith(deps, doc, outcomeOfSearch(state, doc, now), now);
  } catch (err) {
    deps.platform.logger.warn(
      { err, orderId: doc.order_id },
      'card provider search failed: the purchase stays unsettled',
    );
    return doc;
  }
}

/** The browser is back from the 3-D Secure page: the provider tells the result and charges when it passed. */
export async function completeChallenge(deps: BillingDeps, doc: PurchaseDoc): Promise<PurchaseDoc> {
  if (doc.status !== 'challenge') return settleBySearch(deps, doc);
  let outcome: Outcome;
  try {
    outcome = outcomeOfAuthorize(await deps.provider.completeChallenge(doc.order_id));
  } catch (err) {
    // Refused: the shopper has not finished the page yet, or it was completed already; the order's state says which.
    if (err instanceof ProviderRequestError) return settleBySearch(deps, doc);
    deps.platform.logger.warn(
      { err, orderId: doc.order_id },
      '3-D Secure completion answer lost: the order will be searched',
    );
    outcome = { status: 'unknown' };
  }
  return settleWith(deps, doc, outcome, new Date());
}

/** The caller's purchase with this orderId (an admin may see any): someone else's is not found, not forbidden, so ids are not probed. */
export async function purchaseByOrder(
  deps: BillingDeps,
  orderId: string,
  userId: string,
  isAdmin: boolean,
): Promise<PurchaseDoc> {
  const doc = await openPurchases(deps.platform.store).findOne({ order_id: orderId });
  if (!doc || (doc.user_id !== userId && !isAdmin)) throw purchaseErrors.notFound();
  return doc;
}

export async function purchaseById(
  deps: BillingDeps,
  purchaseId: string,
  userId: string,
  isAdmin: boolean,
): Promise<PurchaseDoc> {
  const doc = await openPurchases(deps.platform.store).findOne({ _id: purchaseId });
  if (!doc || (doc.user_id !== userId && !isAdmin)) throw purchaseErrors.notFound();
  return doc;
}

/** How many purchases one reconciliation pass searches at most (the next pass takes the rest). */
const RECONCILE_BATCH = 200;

/**
 * The `billing.reconcile` job: every purchase whose outcome is not known,
 * plus `created` ones whose call may never have reached the provider and
 * challenges the shopper abandoned. Returns how many it settled.
 */
export async function reconcileOnce(deps: BillingDeps, now: Date = new Date()): Promise<number> {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const candidates = await openPurchases(deps.platform.store).find(
    {
      $or: [
        { status: { $in: ['pending', 'unknown'] } },
        { status: 'created', created_at: { $lte: before(CREATED_GRACE_MS) } },
        { status: 'challenge', created_at: { $lte: before(CHALLENGE_ABANDON_MS) } },
      ],
    },
    { sort: { updated_at: 1 }, limit: RECONCILE_BATCH },
  );
  let settled = 0;
  for (const doc of candidates) {
    const after = await settleBySearch(deps, doc, now);
    if (!UNSETTLED.includes(after.status)) settled += 1;
  }
  return settled;
}
