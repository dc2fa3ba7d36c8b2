import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { subscription } from './testing.ts';

const list = (subscriptions: ReturnType<typeof subscription>[], total = subscriptions.length) =>
  [200, { ok: true, subscriptions, total, page: 1 }] as [number, unknown];
const searches = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls.map(
    ([request]) => new URL(request.url).search,
  );

describe('SubscriptionsPage', () => {
  it('subscriptions list, answered with subscriptions, shows plan, status in Japanese, period end (saying JST) and a retrying renewal', async () => {
    const active = subscription();
    const retrying = subscription({ next_charge_at: '2026-04-01T06:00:00.000Z' });
    const stopped = subscription({ status: 'inactive', finished_reason: 'payment_failed' });
    scriptedServer({ [`GET ${API}/subscriptions/list`]: list([active, retrying, stopped]) });

    await renderConsole('/ops/subscriptions/list');

    const row = (await screen.findByRole('link', { name: active.user_id })).closest('tr')!;
    expect(within(row).getByText('TALK WITH 月額プラン')).toBeTruthy();
    expect(within(row).getByText('有効')).toBeTruthy();
    expect(within(row).getByText('¥1,100')).toBeTruthy();
    expect(
      within(screen.getByRole('link', { name: retrying.user_id }).closest('tr')!).getByText('再試行中'),
    ).toBeTruthy();
    const stoppedRow = within(screen.getByRole('link', { name: stopped.user_id }).closest('tr')!);
    expect(stoppedRow.getByText('停止')).toBeTruthy();
    expect(stoppedRow.getByText('課金失敗で停止')).toBeTruthy();
    expect(screen.getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
  });

  it('subscriptions list, the 解約済み filter and the next page, are asked of the server', async () => {
    const server = scriptedServer({
      [`GET ${API}/subscriptions/list`]: list([subscription({ status: 'canceled' })], 21),
    });
    await renderConsole('/ops/subscriptions/list');
    await screen.findByText('1 / 2 ページ（全 21 件）');

    fireEvent.change(screen.getByLabelText('状態'), { target: { value: 'canceled' } });
    await vi.waitFor(() => expect(searches().at(-1)).toBe('?page=1&status=canceled'));
    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));

    await vi.waitFor(() => expect(searches().at(-1)).toBe('?page=2&status=canceled'));
    expect(server.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('subscriptions list, an unknown status in the address, is not sent to the server', async () => {
    scriptedServer({ [`GET ${API}/subscriptions/list`]: list([]) });

    await renderConsole('/ops/subscriptions/list?status=%24ne');

    expect(await screen.findByText('該当するサブスクリプションはありません。')).toBeTruthy();
    expect(searches()).toEqual(['?page=1']);
  });
});
