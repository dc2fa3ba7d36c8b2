import type { BillingArea } from '../deps.ts';
import { fullUserRoutes } from './routes.ts';

/** Admin Full area users (API.md § Full area users): reads over the accounts projection, the ledger, purchases and subscriptions. */
export const fullUsersArea: BillingArea = {
  name: 'full-users',
  routes: fullUserRoutes,
  async prepare({ platform }) {
    await platform.store.collection('billing_accounts').createIndex({ registered_at: -1 });
  },
};
