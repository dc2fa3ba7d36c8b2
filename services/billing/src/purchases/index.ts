import { consumeFactsRequests } from '@talkwith/platform/eventing';
import type { BillingArea, BillingDeps } from '../deps.ts';
import { adminPurchaseRoutes } from './admin-routes.ts';
import { cardRoutes } from './card-routes.ts';
import { ensureCardAccountIndexes } from './cards.ts';
import { billingFacts } from './entitlement-facts.ts';
import { ensureEntitlementIndexes } from './entitlements.ts';
import { historyRoutes } from './history-routes.ts';
import { onCatalogEvent, openProducts } from './products.ts';
import { backfillOrderNumbers } from './order-numbers.ts';
import { ensurePurchaseIndexes } from './records.ts';
import { ensureRefundIndexes, resumeStaleRefunds } from './refunds.ts';
import { reconcileOnce } from './resume.ts';
import { purchaseRoutes } from './routes.ts';

export { charge, type ChargeRequest } from './checkout.ts';
export { authorizePurchase } from './charges.ts';
export { reconcileOnce } from './resume.ts';

export const RECONCILE_JOB = 'billing.reconcile';

/** Searches and settles every purchase whose outcome is unknown, and finishes refunds a crash interrupted. */
export async function reconcile(deps: BillingDeps): Promise<void> {
  await reconcileOnce(deps);
  await resumeStaleRefunds(deps);
}

/** Products, cards, the card flow with 3-D Secure, purchases, entitlements, refunds (API.md § Purchases). */
export const purchasesArea: BillingArea = {
  name: 'purchases',
  async routes(app, deps) {
    await app.register(purchaseRoutes, deps);
    await app.register(cardRoutes, deps);
    await app.register(historyRoutes, deps);
    await app.register(adminPurchaseRoutes, deps);
  },
  async prepare(deps) {
    const { store, jobs } = deps.platform;
    await Promise.all([
      ensurePurchaseIndexes(store),
      ensureEntitlementIndexes(store),
      ensureCardAccountIndexes(store),
      ensureRefundIndexes(store),
    ]);
    jobs.define(RECONCILE_JOB, () => reconcile(deps), { concurrency: 1 });
  },
  async start(deps) {
    const { platform, config } = deps;
    await platform.jobs.repeat(RECONCILE_JOB, {}, { everyMs: config.RECONCILE_EVERY_MS, repeatId: RECONCILE_JOB });
    // Records from before order numbers existed get one, off the start-up path.
    backfillOrderNumbers(platform.store).then(
      (numbered) => {
        if (numbered > 0) platform.logger.info({ numbered }, 'order numbers given to earlier purchases');
      },
      (err: unknown) => platform.logger.warn({ err }, 'order number backfill stopped; it runs again at the next start'),
    );
    const products = await platform.events.consume(
      'billing-products',
      ['character.published', 'character.unpublished'],
      (event, tx) => onCatalogEvent(openProducts(tx), event),
    );
    // Catalog and dialogue keep projections of entitlements; on start they ask billing to announce them again (entitlement-facts.ts).
    const factsRequests = await consumeFactsRequests(platform.store, platform.events, billingFacts);
    return [products, factsRequests];
  },
};
