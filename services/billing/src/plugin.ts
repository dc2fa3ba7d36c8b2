import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';
import { ensureJwt, requireCaller } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import { WalletReply } from '@talkwith/proto/billing';
import { onUserEvent, openWallets } from './wallets.ts';

/** Billing: wallets (points, talk tickets); payments come in a later issue. */
export const billingPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  await ensureJwt(app, config.JWT_SECRET);
  const wallets = openWallets(platform.store);
  let consumer: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    consumer = await platform.events.consume('billing', ['user.registered', 'user.deleted'], (event, tx) => onUserEvent(openWallets(tx), event));
  });
  app.addHook('onClose', async () => { await consumer?.close(); });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/billing/healthz', { schema: { tags: ['billing'], summary: 'billing service alive', response: { 200: ServiceAlive } } }, async () => ({ ok: true as const, service: 'billing' }));
  api.get('/api/billing/wallet', { schema: { tags: ['billing'], summary: "The caller's points and talk tickets", response: { 200: WalletReply } } }, async (request) => {
    const caller = await requireCaller(request);
    const wallet = await wallets.findOne({ _id: caller.sub });
    if (!wallet) throw new AppError('NOT_FOUND', 'ウォレットが見つかりません。');
    return { ok: true as const, points: wallet.points, talk_tickets: wallet.talk_tickets };
  });
};
