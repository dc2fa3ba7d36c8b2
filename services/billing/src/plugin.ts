import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import { accountsArea } from './accounts/index.ts';
import { cancelReasonsArea } from './cancel-reasons/index.ts';
import { catalogFactsArea } from './catalog/index.ts';
import { loadBillingConfig } from './config.ts';
import { fullUsersArea } from './full-users/index.ts';
import type { BillingArea, BillingDeps, Closer } from './deps.ts';
import { ensureIdempotencyIndexes } from './idempotency.ts';
import { ledgerArea } from './ledger/index.ts';
import { mailsArea } from './mails/index.ts';
import { providerArea, providerFrom } from './provider/index.ts';
import { productTextsArea } from './product-texts/index.ts';
import { purchasesArea } from './purchases/index.ts';
import { receiptsArea } from './receipts/index.ts';
import { subscriptionsArea } from './subscriptions/index.ts';

const AREAS: BillingArea[] = [
  accountsArea,
  catalogFactsArea,
  ledgerArea,
  providerArea,
  purchasesArea,
  subscriptionsArea,
  receiptsArea,
  mailsArea,
  cancelReasonsArea,
  fullUsersArea,
  productTextsArea,
];

/** Billing: wallets, talk tickets, points, card payments, purchases, subscriptions (services/billing/API.md). */
export const billingPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config, env }) => {
  await ensureJwt(app, config.JWT_SECRET);
  const billingConfig = loadBillingConfig(env);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const provider = await providerFrom(billingConfig, platform, publicUrl);
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before billing is mounted');
  const deps: BillingDeps = { platform, config: billingConfig, provider, publicUrl, jwtSecret: config.JWT_SECRET };

  await ensureIdempotencyIndexes(platform.store);
  for (const area of AREAS) await area.prepare?.(deps);
  const closers: Closer[] = [];
  app.addHook('onReady', async () => {
    for (const area of AREAS) closers.push(...((await area.start?.(deps)) ?? []));
    await platform.jobs.start();
  });
  app.addHook('onClose', async () => {
    for (const closer of closers.splice(0).reverse()) await closer.close();
    await provider.close();
  });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/billing/healthz',
    { schema: { tags: ['billing'], summary: 'billing service alive', response: { 200: ServiceAlive } } },
    async () => ({ ok: true as const, service: 'billing' }),
  );
  for (const area of AREAS) if (area.routes) await app.register(area.routes, deps);
};
