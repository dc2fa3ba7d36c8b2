import type { FastifyPluginAsync } from 'fastify';
import type { BillingArea, BillingDeps } from '../deps.ts';
import { ACCOUNT_EVENTS, onAccountEvent } from './consumers.ts';

export { accountOf, requireLiveAccount, type BillingAccount } from './model.ts';

const noRoutes: FastifyPluginAsync<BillingDeps> = async () => {};

/** What billing knows of each account (model.ts): kept from identity's events, read by the other areas. */
export const accountsArea: BillingArea = {
  name: 'accounts',
  routes: noRoutes,
  async start({ platform }) {
    return [await platform.events.consume('billing-accounts', ACCOUNT_EVENTS, (event, tx) => onAccountEvent(tx, event))];
  },
};
