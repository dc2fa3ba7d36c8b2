import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import PurchasesPage from './PurchasesPage.tsx';
import { aPurchase, aUser, billingServer, signedInAs } from './testing.tsx';

const routes = [{ path: '/full/purchases', element: <PurchasesPage /> }];

describe('PurchasesPage', () => {
  it('PurchasesPage, history, lists names, amounts, statuses and refunds of the caller', async () => {
    const user = aUser();
    const server = billingServer({
      'POST payment/user_purchase_history/get': [
        200,
        {
          ok: true,
          total: 3,
          purchases: [
            aPurchase({ name: 'トークチケット 5枚', amount: 700 }),
            aPurchase({ name: 'キャラクター ユイ', amount: 1200, status: 'canceled', refunded: 1200 }),
            aPurchase({ name: 'トークチケット 1枚', amount: 150, status: 'failed' }),
          ],
        },
      ],
    });

    await renderRoutes(routes, { path: '/full/purchases', state: signedInAs(user) });

    const list = await screen.findByRole('list', { name: '購入履歴' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('¥700')).toBeTruthy();
    expect(within(rows[0]!).getByText('お支払い済み')).toBeTruthy();
    expect(within(rows[1]!).getByText('取消・返金済み')).toBeTruthy();
    expect(within(rows[1]!).getByText('返金 ¥1,200')).toBeTruthy();
    expect(within(rows[2]!).getByText('お支払い不可')).toBeTruthy();
    expect(server.calls[0]?.body).toEqual({ user_id: user.id, page: 1 });
  });

  it('PurchasesPage, a paid and a failed purchase, shows the order numbers and a receipt link for the paid one only', async () => {
    const paid = aPurchase({ order_number: 'TW-2611-7K3Q' });
    const failed = aPurchase({ order_number: 'TW-2611-9XHM', status: 'failed' });
    billingServer({
      'POST payment/user_purchase_history/get': [200, { ok: true, total: 2, purchases: [paid, failed] }],
    });

    await renderRoutes(routes, { path: '/full/purchases', state: signedInAs(aUser()) });

    const rows = within(await screen.findByRole('list', { name: '購入履歴' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('TW-2611-7K3Q')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '領収書' }).getAttribute('href')).toBe(
      `/full/purchases/${paid.purchase_id}/receipt`,
    );
    expect(within(rows[1]!).getByText('TW-2611-9XHM')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link', { name: '領収書' })).toBeNull();
  });

  it('PurchasesPage, more than a page, asks for the next page', async () => {
    const user = aUser();
    const server = billingServer({
      'POST payment/user_purchase_history/get': [200, { ok: true, total: 45, purchases: [aPurchase()] }],
    });

    await renderRoutes(routes, { path: '/full/purchases', state: signedInAs(user) });
    expect(await screen.findByText('1 / 3 ページ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));

    await vi.waitFor(() => expect(server.calls.map((c) => c.body)).toContainEqual({ user_id: user.id, page: 2 }));
  });

  it('PurchasesPage, nothing bought yet, says so', async () => {
    billingServer({ 'POST payment/user_purchase_history/get': [200, { ok: true, total: 0, purchases: [] }] });

    await renderRoutes(routes, { path: '/full/purchases', state: signedInAs(aUser()) });

    expect(await screen.findByText('まだご購入はありません。')).toBeTruthy();
  });

  it('PurchasesPage, the server failing, shows an error', async () => {
    billingServer({ 'POST payment/user_purchase_history/get': [500, { ok: false }] });

    await renderRoutes(routes, { path: '/full/purchases', state: signedInAs(aUser()) });

    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
