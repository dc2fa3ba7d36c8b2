import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../test/harness.tsx';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { purchase, purchaseList } from './testing.ts';

const searches = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls.map(
    ([request]) => new URL(request.url).search,
  );

describe('PaymentHistoryPage', () => {
  it('payment history, answered with purchases, shows yen amounts, status badges, links to each purchase and that times are JST', async () => {
    const captured = purchase({ amount: 1300 });
    const pending = purchase({ status: 'pending', name: 'ミライ' });
    const partly = purchase({ refunded: 300, name: '1000ポイント', amount: 1000 });
    scriptedServer({ [`GET ${API}/payment/history`]: purchaseList([captured, pending, partly]) });

    await renderConsole('/ops/payment/history');

    const row = (await screen.findByRole('link', { name: captured.name })).closest('tr')!;
    expect(within(row).getByText('¥1,300')).toBeTruthy();
    expect(within(row).getByText('決済済み')).toBeTruthy();
    expect(within(row).getByRole('link', { name: captured.name }).getAttribute('href')).toBe(
      `/ops/full/purchases/${captured.purchase_id}`,
    );
    const table = within(screen.getByRole('table'));
    expect(table.getByText('保留中').closest('tr')!.className).toContain('billing-row--attention');
    expect(within(table.getByText('一部返金').closest('tr')!).getByText('¥300')).toBeTruthy();
    expect(screen.getByRole('link', { name: '決済履歴' }).className).toContain('active');
    expect(screen.getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
  });

  it('payment history, a purchase of a known account, names the buyer (the id on hover) and links to the user page', async () => {
    const bought = purchase({ user_id: 'u-buyer-2026-0001' });
    scriptedServer({
      [`GET ${API}/payment/history`]: purchaseList([bought]),
      [`GET ${API}/users/u-buyer-2026-0001`]: [
        200,
        { ok: true, user: { ...sampleUser, id: bought.user_id, nickname: 'はなこ' } },
      ],
    });

    await renderConsole('/ops/payment/history');

    const buyer = await screen.findByText('はなこ');
    expect(buyer.getAttribute('title')).toBe(bought.user_id);
    expect(buyer.closest('a')!.getAttribute('href')).toBe(`/ops/full/users/${bought.user_id}`);
  });

  it('payment history, more than 20 purchases, asks the server for the next page', async () => {
    const server = scriptedServer({ [`GET ${API}/payment/history`]: purchaseList([purchase()], 45) });
    await renderConsole('/ops/payment/history');

    expect(await screen.findByText('1 / 3 ページ（全 45 件）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));

    // The rows' buyer names are asked too; only the history calls count here.
    const history = () => server.calls.filter((c) => c.url.endsWith('/payment/history'));
    await vi.waitFor(() => expect(history().length).toBe(2));
    expect(searches().filter((q) => q.startsWith('?page='))[1]).toBe('?page=2');
  });

  it('payment history, a status and a user filter, are sent as query parameters and restart at page 1', async () => {
    scriptedServer({ [`GET ${API}/payment/history`]: purchaseList([], 0) });
    await renderConsole('/ops/payment/history?page=2');
    await screen.findByText('該当する決済はありません。');

    fireEvent.change(screen.getByLabelText('状態'), { target: { value: 'unknown' } });
    fireEvent.change(screen.getByLabelText('ユーザーID'), { target: { value: 'u-42' } });

    await vi.waitFor(() => expect(searches().at(-1)).toBe('?page=1&user_id=u-42&status=unknown'));
  });

  it('payment history, an order number read over the phone, is searched once it could be one and shown in the row', async () => {
    const found = purchase({ order_number: 'TW-2611-7K3Q' });
    scriptedServer({ [`GET ${API}/payment/history`]: purchaseList([found], 1) });
    await renderConsole('/ops/payment/history');
    fireEvent.change(await screen.findByLabelText('注文番号'), { target: { value: 'tw' } });
    fireEvent.change(screen.getByLabelText('注文番号'), { target: { value: 'tw 2611 7k3q' } });

    await vi.waitFor(() => expect(searches().at(-1)).toBe('?page=1&order_number=tw+2611+7k3q'));
    expect(searches().some((search) => search.includes('order_number=tw&') || search.endsWith('order_number=tw'))).toBe(
      false,
    );
    expect(within(screen.getByRole('table')).getByText('TW-2611-7K3Q')).toBeTruthy();
  });

  it('payment history, refused by the server, shows its Japanese message', async () => {
    scriptedServer({
      [`GET ${API}/payment/history`]: [403, { ok: false, code: 'FORBIDDEN', message: '管理者のみが利用できます。' }],
    });

    await renderConsole('/ops/payment/history');

    expect((await screen.findByRole('alert')).textContent).toBe('管理者のみが利用できます。');
  });

  it('console sidebar, under 課金, links the four billing screens', async () => {
    scriptedServer({ [`GET ${API}/payment/history`]: purchaseList([]) });

    await renderConsole('/ops/payment/history');

    const nav = within(await screen.findByRole('navigation', { name: '管理画面' }));
    expect(nav.getByText('課金')).toBeTruthy();
    const hrefs = ['決済履歴', 'サブスクリプション', 'ポイント付与', '利用者（フル）'].map((name) =>
      nav.getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual(['/ops/payment/history', '/ops/subscriptions/list', '/ops/point/give', '/ops/full/users']);
  });
});
