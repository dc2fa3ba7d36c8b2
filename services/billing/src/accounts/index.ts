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
    return [await platform.events.consume('billing-accounts', ACCOUNT_EVENTS, (event, tx) => onAccountEvent(tx, platform.events, event))];
  },
};
