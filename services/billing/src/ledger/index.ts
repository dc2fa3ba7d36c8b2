// Scaffolding replaced by the ledger area (API.md § Ledger).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@talkwith/platform';
import { requireCaller } from '@talkwith/platform/http';
import { WalletReply } from '@talkwith/proto/billing';
import type { BillingArea } from '../deps.ts';
import { onUserEvent, openWallets } from './wallets.ts';

export const ledgerArea: BillingArea = {
  name: 'ledger',
  async routes(app, { platform }) {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get('/api/billing/wallet', { schema: { tags: ['billing'], summary: "The caller's points and talk tickets", response: { 200: WalletReply } } }, async (request) => {
      const caller = await requireCaller(request);
      const wallet = await openWallets(platform.store).findOne({ _id: caller.sub });
      if (!wallet) throw new AppError('NOT_FOUND', 'ウォレットが見つかりません。');
      return { ok: true as const, points: wallet.points, talk_tickets: wallet.talk_tickets };
    });
  },
  async start({ platform }) {
    return [await platform.events.consume('billing', ['user.registered', 'user.deleted'], (event, tx) => onUserEvent(openWallets(tx), event))];
  },
};
