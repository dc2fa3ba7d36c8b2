import type { BillingArea } from '../deps.ts';
import { ACCOUNT_EVENTS, onAccountEvent } from './consumers.ts';
import { defineErasureJob, scheduleErasure } from './erasure.ts';
import { accountRoutes } from './routes.ts';

export { accountOf, requireLiveAccount, type BillingAccount } from './model.ts';

/** What billing knows of each account (model.ts): kept from identity's events, read by the other areas. */
export const accountsArea: BillingArea = {
  name: 'accounts',
  routes: accountRoutes,
  async prepare(deps) {
    defineErasureJob(deps);
  },
  async start({ platform, config }) {
    await scheduleErasure(platform, config.RENEW_SWEEP_MS);
    const consumer = await platform.events.consume('billing-accounts', ACCOUNT_EVENTS, (event, tx) =>
      onAccountEvent(tx, platform.events, event),
    );
    // After subscribing, so the answer reaches the group: identity announces every account again (identity's accounts/announce.ts),
    // which rebuilds this projection when the bus no longer holds the accounts' history (a Redis restarted empty, a trimmed stream).
    await platform.events.publish('facts.requested', 'identity', { owner: 'identity', by: 'billing' });
    return [consumer];
  },
};
