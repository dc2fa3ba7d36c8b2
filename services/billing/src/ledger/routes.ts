import type { FastifyPluginAsync } from 'fastify';
import type { BillingDeps } from '../deps.ts';
import { adminLedgerRoutes } from './admin-routes.ts';
import { userLedgerRoutes } from './user-routes.ts';

/** Every ledger route (API.md § Ledger): thin, the work is in plain functions. */
export const ledgerRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  await userLedgerRoutes(app, deps);
  await adminLedgerRoutes(app, deps);
};
