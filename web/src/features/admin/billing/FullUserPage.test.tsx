import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../test/harness.tsx';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { entry, idempotencyKeysOf, purchase, purchaseList } from './testing.ts';

const someUser = () => ({
  ...sampleUser,
  id: `u-${Math.random().toString(36).slice(2, 10)}`,
  email: 'jiro@example.jp',
});
const lot = (over: Record<string, unknown> = {}) => ({
  lot_id: `lot-${Math.random()}`,
  granted: 10,
  remaining: 7,
  expires_at: '2026-06-01T00:00:00.000Z',
  granted_at: '2026-03-01T00:00:00.000Z',
  ...over,
});

describe('FullUsersPage and FullUserPage', () => {
  it('full users list, answered by the identity users API, links each user to their billing page', async () => {
    const user = someUser();
    scriptedServer({ [`GET ${API}/users`]: [200, { ok: true, users: [user], total: 1, page: 1, pageSize: 20 }] });

    await renderConsole('/ops/full/users');

    expect((await screen.findByRole('link', { name: user.email })).getAttribute('href')).toBe(
      `/ops/full/users/${user.id}`,
    );
  });

  it("user page, purchases tab, lists that user's purchases without a user column", async () => {
    const user = someUser();
    const bought = purchase({ user_id: user.id, name: 'ミライ', amount: 500 });
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/full/users/${user.id}/purchases`]: purchaseList([bought]),
    });

    await renderConsole(`/ops/full/users/${user.id}`);

    expect(await screen.findByRole('heading', { name: user.email })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'ミライ' })).closest('tr')!;
    expect(within(row).getByText('¥500')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'ユーザー' })).toBeNull();
  });

  it('user page, tickets tab, shows lots with remaining and expiry and history kinds 追加/使用/失効/取消', async () => {
    const user = someUser();
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/full/users/${user.id}/talk_tickets`]: [
        200,
        {
          ok: true,
          user_id: user.id,
          talk_tickets: 7,
          total: 4,
          page: 1,
          lots: [lot({ source: 'subscription' })],
          entries: [
            entry({ kind: 'added', delta: 10 }),
            entry({ kind: 'used', delta: -1, character_id: 'mirai' }),
            entry({ kind: 'expired', delta: -1 }),
            entry({ kind: 'removed', delta: -1, reason: '違反' }),
          ],
        },
      ],
    });

    await renderConsole(`/ops/full/users/${user.id}?tab=tickets`);

    expect(await screen.findByText('保有チケット：7 枚')).toBeTruthy();
    const lotRow = screen.getByText('サブスクリプション', { selector: 'td' }).closest('tr')!;
    expect(within(lotRow).getByText('7')).toBeTruthy();
    for (const kind of ['追加', '使用', '失効', '取消'])
      expect(screen.getByText(kind, { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('+10')).toBeTruthy();
    expect(screen.getAllByText('-1')).toHaveLength(3);
    expect(screen.getByText('違反')).toBeTruthy();
  });

  it('user page, giving tickets, refuses an empty reason, then sends the count and reason once with an Idempotency-Key', async () => {
    const user = someUser();
    const server = scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/full/users/${user.id}/talk_tickets`]: [
        200,
        { ok: true, user_id: user.id, talk_tickets: 0, total: 0, page: 1, lots: [], entries: [] },
      ],
      [`POST ${API}/full/users/${user.id}/talk_tickets`]: [
        200,
        { ok: true, user_id: user.id, changed: 3, talk_tickets: 3 },
      ],
    });
    await renderConsole(`/ops/full/users/${user.id}?tab=tickets`);
    const form = within((await screen.findByRole('heading', { name: 'チケットを付与する' })).closest('form')!);

    fireEvent.change(form.getByLabelText('枚数'), { target: { value: '3' } });
    fireEvent.click(form.getByRole('button', { name: '付与の確認へ' }));
    expect((await form.findByRole('alert')).textContent).toBe('理由を入力してください。');
    fireEvent.change(form.getByLabelText('理由'), { target: { value: '障害のお詫び' } });
    fireEvent.click(form.getByRole('button', { name: '付与の確認へ' }));
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: '付与する' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(await screen.findByText('トークチケットを 3 枚付与しました。')).toBeTruthy();
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ count: 3, reason: '障害のお詫び' }]);
    expect(idempotencyKeysOf(posts)[0]).toBeTruthy();
  });

  it("user page, removing more tickets than held, shows the server's Japanese refusal", async () => {
    const user = someUser();
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/full/users/${user.id}/talk_tickets`]: [
        200,
        { ok: true, user_id: user.id, talk_tickets: 1, total: 0, page: 1, lots: [], entries: [] },
      ],
      [`POST ${API}/full/users/${user.id}/talk_tickets/remove`]: [
        409,
        { ok: false, code: 'INSUFFICIENT_TICKETS', message: 'トークチケットが足りません。' },
      ],
    });
    await renderConsole(`/ops/full/users/${user.id}?tab=tickets`);
    const form = within((await screen.findByRole('heading', { name: 'チケットを取り消す' })).closest('form')!);

    fireEvent.change(form.getByLabelText('枚数'), { target: { value: '5' } });
    fireEvent.change(form.getByLabelText('理由'), { target: { value: '規約違反' } });
    fireEvent.click(form.getByRole('button', { name: '取消の確認へ' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: '取り消す' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('トークチケットが足りません。');
  });

  it('user page, points tab, shows codes with Japanese labels and the tab switch keeps the address', async () => {
    const user = someUser();
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/full/users/${user.id}/purchases`]: purchaseList([]),
      [`GET ${API}/full/users/${user.id}/points`]: [
        200,
        {
          ok: true,
          user_id: user.id,
          points: 110,
          total: 2,
          page: 1,
          lots: [lot({ code: 'SU0001', remaining: 100 })],
          entries: [
            entry({ asset: 'points', kind: 'added', delta: 100, code: 'SU0001' }),
            entry({ asset: 'points', kind: 'added', delta: 10, code: 'LB0001' }),
          ],
        },
      ],
    });
    const { router } = await renderConsole(`/ops/full/users/${user.id}`);

    fireEvent.click(await screen.findByRole('tab', { name: 'ポイント' }));

    expect(await screen.findByText('保有ポイント：110')).toBeTruthy();
    expect(screen.getByText('ログインボーナス')).toBeTruthy();
    expect(screen.getAllByText('サブスクリプション付与', { exact: false }).length).toBe(2);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=points'));
  });

  it('user page, an account identity deleted, shows 削除済みのアカウント with the deletion time and still lists its purchases instead of 「ユーザーが見つかりません」', async () => {
    const userId = `u-gone-${Math.random().toString(36).slice(2, 8)}`;
    const bought = purchase({ user_id: userId, name: 'トークチケット 5枚', amount: 700 });
    scriptedServer({
      [`GET ${API}/users/${userId}`]: [
        404,
        { ok: false, code: 'NOT_FOUND', message: 'ユーザーが見つかりません。', error: 'Not Found' },
      ],
      [`GET ${API}/full/users/${userId}/account`]: [
        200,
        {
          ok: true,
          user_id: userId,
          registered_at: '2026-01-01T00:00:00.000Z',
          deleted_at: '2026-03-01T03:00:00.000Z',
        },
      ],
      [`GET ${API}/full/users/${userId}/purchases`]: purchaseList([bought]),
    });

    await renderConsole(`/ops/full/users/${userId}`);

    expect(await screen.findByRole('heading', { name: '削除済みのアカウント' })).toBeTruthy();
    expect(screen.getByText(/このアカウントは .* に削除されました。/)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'トークチケット 5枚' })).toBeTruthy();
    expect(screen.queryByText('ユーザーが見つかりません。')).toBeNull();
  });
});
