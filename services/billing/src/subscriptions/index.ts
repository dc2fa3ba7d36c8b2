import type { BillingArea } from '../deps.ts';
import { ensureSubscriptionIndexes } from './records.ts';
import { RENEW_JOB, renewDue } from './renewal.ts';
import { operatorSubscriptionRoutes } from './operator-routes.ts';
import { subscriptionRoutes } from './routes.ts';

/**
 * Subscriptions (API.md § Subscriptions; README § Subscriptions draws the
 * state machine): plans, subscribe/cancel/resubscribe/change/status, the
 * recurring card and the `billing.renew` job that charges each period once.
 */
export const subscriptionsArea: BillingArea = {
  name: 'subscriptions',
  async routes(app, deps) {
    await app.register(subscriptionRoutes, deps);
    await app.register(operatorSubscriptionRoutes, deps);
  },
  async prepare(deps) {
    await ensureSubscriptionIndexes(deps.platform.store);
    deps.platform.jobs.define(
      RENEW_JOB,
      async () => {
        const counts = await renewDue(deps, new Date());
        if (counts.renewed + counts.declined + counts.finished + counts.unknown > 0)
          deps.platform.logger.info({ counts }, 'subscription renewal sweep');
      },
      { concurrency: 1 },
    );
  },
  async start(deps) {
    await deps.platform.jobs.repeat(RENEW_JOB, {}, { everyMs: deps.config.RENEW_SWEEP_MS, repeatId: RENEW_JOB });
    return [];
  },
};
