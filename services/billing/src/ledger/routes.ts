import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireCaller } from '@talkwith/platform/http';
import { WalletReply } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { walletReply } from './queries.ts';

/** Every ledger route (API.md § Ledger): thin, the work is in plain functions. */
export const ledgerRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/billing/wallet', { schema: { tags: ['billing'], summary: "The caller's points and talk tickets (a wallet is opened lazily, never 404)", response: { 200: WalletReply } } }, async (request) => {
    const caller = await requireCaller(request);
    return walletReply(platform.store, platform.events, caller.sub);
  });
};
