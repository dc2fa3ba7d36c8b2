import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { PlanList } from './PlanList.tsx';
import PurchasesPage from './PurchasesPage.tsx';
import {
  aPlan,
  aProduct,
  aSubscription,
  aUser,
  aWallet,
  billingServer,
  inShell,
  keptSession,
  signedInAs,
} from './testing.tsx';

const user = aUser();
const open = (path: string, element: ReactNode) =>
  renderRoutes(inShell([{ path, element }]), { path, language: 'en-US', state: signedInAs(user) });

describe('operator names in the interface language', () => {
  it('when My Page is shown in en-US, the current plan and the packs read in English; a pack with only Japanese shows it', async () => {
    const english = { 'en-US': 'TALK WITH Monthly Plan' };
    billingServer({
      [`GET subscriptions/${user.id}`]: [
        200,
        { ok: true, subscriptions: [aSubscription(user.id, { name_i18n: english })] },
      ],
      'GET billing/plans': [200, { ok: true, plans: [aPlan({ name_i18n: english })] }],
      'GET billing/products': [
        200,
        {
          ok: true,
          products: [
            aProduct({ name_i18n: { 'en-US': '5 talk tickets' } }),
            aProduct({
              product_id: 'points-500',
              kind: 'points',
              name: '500ポイント',
              amount: 500,
              tickets: undefined,
              points: 500,
            }),
          ],
        },
      ],
      'GET billing/wallet': [200, aWallet()],
      ...keptSession(user),
    });

    await open('/mypage', <PlanList />);

    const section = await screen.findByRole('region', { name: /plan/i });
    expect(await within(section).findByText('TALK WITH Monthly Plan')).toBeTruthy();
    expect(await within(section).findByText('5 talk tickets')).toBeTruthy();
    expect(within(section).getByText('500ポイント')).toBeTruthy();
    expect(within(section).queryByText('TALK WITH 月額プラン')).toBeNull();
  });

  it('when the purchase history is shown in en-US, a purchase reads by its English name', async () => {
    billingServer({
      'POST payment/user_purchase_history/get': [
        200,
        {
          ok: true,
          total: 1,
          purchases: [
            {
              purchase_id: 'p1',
              product_id: 'tickets-5',
              kind: 'tickets',
              name: 'トークチケット 5枚',
              name_i18n: { 'en-US': '5 talk tickets' },
              amount: 700,
              refunded: 0,
              status: 'captured',
              order_id: 'tw1',
              order_number: 'TW-2611-7K3Q',
              created_at: '2026-11-01T00:00:00.000Z',
              tickets: 5,
            },
          ],
        },
      ],
      ...keptSession(user),
    });

    await open('/payment/history', <PurchasesPage />);

    expect(await screen.findByText('5 talk tickets')).toBeTruthy();
    expect(screen.queryByText('トークチケット 5枚')).toBeNull();
  });
});
