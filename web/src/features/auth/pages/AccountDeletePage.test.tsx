import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Shell } from '../../../app/Shell.tsx';
import { fakeServer, renderRoutes, sampleUser } from '../../../test/harness.tsx';
import { AccountDeletePage } from './AccountDeletePage.tsx';

const user = { ...sampleUser, id: 'u-delete' };
const signedIn = { session: { status: 'authenticated' as const, accessToken: 'tok', user } };
const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/account/delete', element: <AccountDeletePage /> },
      { path: '/login', element: <p>ログイン画面</p> },
    ],
  },
];

const activePlan = {
  subscription_id: 's1',
  user_id: user.id,
  plan_code: 'PROD001',
  name: 'TALK WITH 月額プラン',
  status: 'active',
  amount: 1100,
  period: 1,
  period_start: '2099-11-01T00:00:00.000Z',
  period_end: '2099-12-01T00:00:00.000Z',
  next_charge_at: '2099-12-01T00:00:00.000Z',
  card: { card_id: 'c1', masked: '************1111' },
};
const card = (id: string) => ({
  card_id: id,
  masked: '************1111',
  expiry: '12/30',
  brand: 'VISA',
  default: id === 'c1',
});

/** The Shell restores the session on mount when the CSRF cookie hints at one: the refresh answer keeps `user` signed in. */
function server(subscriptions: unknown[], cards: unknown[]) {
  document.cookie = 'talkwith-csrf=test-csrf; path=/';
  return fakeServer((call) => {
    if (call.url === `/api/subscriptions/${user.id}`) return [200, { ok: true, subscriptions }];
    if (call.url === '/api/payment/card/info/get') return [200, { ok: true, cards }];
    if (call.url === '/api/auth/refresh') return [200, { ok: true, accessToken: 'tok', user }];
    if (call.url === '/api/config') return [200, {}];
    return [200, { ok: true }];
  });
}

describe('AccountDeletePage', () => {
  it('AccountDeletePage, an active plan and two saved cards, names the plan, says it is cancelled at once with no further charge and the paid period ending now, and that the cards are deleted, before and in the confirmation', async () => {
    const calls = server([activePlan], [card('c1'), card('c2')]);

    await renderRoutes(routes, { path: '/account/delete', state: signedIn });

    const plan = await screen.findByText(
      /「TALK WITH 月額プラン」（¥1,100／月）はアカウントの削除と同時に解約されます。/,
    );
    expect(plan.textContent).toContain(
      '以後の請求は一切行われず、お支払い済みの期間（2099年12月1日まで）も削除の時点で終了します',
    );
    expect(await screen.findByText('登録済みのクレジットカード（2枚）も削除されます。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('現在のパスワード'), { target: { value: 'abcdefg1' } });
    fireEvent.click(screen.getByRole('button', { name: 'アカウントを削除する' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/「TALK WITH 月額プラン」.*解約されます/)).toBeTruthy();
    expect(calls.calls.map((c) => c.url)).not.toContain('/api/auth/account/delete');
  });

  it('AccountDeletePage, no plan and no card, says nothing about plans or cards', async () => {
    const calls = server([{ ...activePlan, status: 'inactive', finished_reason: 'canceled' }], []);

    await renderRoutes(routes, { path: '/account/delete', state: signedIn });
    await vi.waitFor(() => expect(calls.calls.some((c) => c.url === '/api/payment/card/info/get')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(screen.queryByText('ご契約中のプランとカードについて')).toBeNull();
    expect(screen.queryByText(/解約されます/)).toBeNull();
  });
});
