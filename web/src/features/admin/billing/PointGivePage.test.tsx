import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../test/harness.tsx';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { idempotencyKeysOf } from './testing.ts';

const customer = (over: Partial<typeof sampleUser> = {}) => ({
  ...sampleUser,
  id: `u-${Math.random().toString(36).slice(2, 10)}`,
  email: 'taro@example.jp',
  ...over,
});
const noHistory = [200, { ok: true, items: [], total: 0, page: 1 }] as [number, unknown];
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function review(who: string, points: string, reason: string) {
  fill('ユーザー', who);
  fill('ポイント', points);
  fill('理由', reason);
  fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }));
}

describe('PointGivePage', () => {
  it('point give, a user found by e-mail and a double-clicked confirmation, sends one MA0001 request with one Idempotency-Key', async () => {
    const user = customer();
    const server = scriptedServer({
      [`GET ${API}/point/history`]: noHistory,
      [`GET ${API}/users`]: [200, { ok: true, users: [user], total: 1, page: 1, pageSize: 20 }],
      [`POST ${API}/point/give`]: [200, { ok: true, points: 100 }],
    });
    await renderConsole('/ops/point/give');
    await screen.findByText('まだ付与・取消はありません。');

    await review(user.email, '100', 'お詫び');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(`${user.email}（${user.id}）に 100 ポイントを付与します。`)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '付与する' }));
    fireEvent.click(dialog.getByRole('button', { name: /付与する|送信中/ }));

    expect(await screen.findByText(`${user.email} に 100 ポイントを付与しました。`)).toBeTruthy();
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ user_id: user.id, points: 100, reason: 'お詫び' });
    expect(idempotencyKeysOf(posts)[0]).toBeTruthy();
    const lookup = server.calls.find((c) => c.url === `${API}/users`);
    expect(lookup).toBeTruthy();
  });

  it('point give, the same points given again on purpose, is a new intent with a new Idempotency-Key', async () => {
    const user = customer();
    const server = scriptedServer({
      [`GET ${API}/point/history`]: noHistory,
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`POST ${API}/point/give`]: [200, { ok: true, points: 50 }],
    });
    await renderConsole('/ops/point/give');
    for (let round = 0; round < 2; round += 1) {
      await review(user.id, '50', 'キャンペーン');
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '付与する' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }

    const keys = idempotencyKeysOf(server.calls);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("point cancel, refused because the user holds fewer points, shows the server's Japanese message", async () => {
    const user = customer();
    const server = scriptedServer({
      [`GET ${API}/point/history`]: noHistory,
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`POST ${API}/point/cancel`]: [
        409,
        { ok: false, code: 'INSUFFICIENT_POINTS', message: 'ポイントが足りません。' },
      ],
    });
    await renderConsole('/ops/point/give');
    fill('操作', 'cancel');
    await review(user.id, '999999', '誤付与の取消');
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: '取り消す' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('ポイントが足りません。');
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      user_id: user.id,
      points: 999999,
      reason: '誤付与の取消',
    });
  });

  it('point give, an unknown user, an empty reason or non-positive points, is refused before any request', async () => {
    const server = scriptedServer({
      [`GET ${API}/point/history`]: noHistory,
      [`GET ${API}/users`]: [200, { ok: true, users: [], total: 0, page: 1, pageSize: 20 }],
    });
    await renderConsole('/ops/point/give');

    await review('nobody@example.jp', '10', 'テスト');
    expect((await screen.findByRole('alert')).textContent).toBe(
      '「nobody@example.jp」に当たるユーザーが見つかりません。',
    );
    await review('nobody@example.jp', '10', ' ');
    expect((await screen.findByRole('alert')).textContent).toBe('理由を入力してください。');
    await review('nobody@example.jp', '-3', 'テスト');
    expect((await screen.findByRole('alert')).textContent).toBe('1 以上の整数で入力してください。');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('point history, recent operator moves, shows the codes in Japanese with the operator, its times said to be JST', async () => {
    scriptedServer({
      [`GET ${API}/point/history`]: [
        200,
        {
          ok: true,
          total: 1,
          page: 1,
          items: [
            {
              at: '2026-03-01T00:00:00.000Z',
              user_id: 'u-9',
              code: 'MA0009',
              delta: -30,
              reason: '誤付与',
              admin_id: 'admin-7',
            },
          ],
        },
      ],
    });

    await renderConsole('/ops/point/give');

    const row = (await screen.findByText('誤付与')).closest('tr')!;
    expect(within(row).getByText('運営取消')).toBeTruthy();
    expect(within(row).getByText('−30')).toBeTruthy();
    expect(within(row).getByText('admin-7')).toBeTruthy();
    expect(within(row.closest('.card') as HTMLElement).getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
  });

  it('point history, known accounts, names the customer and the operator with their ids on hover', async () => {
    scriptedServer({
      [`GET ${API}/point/history`]: [
        200,
        {
          ok: true,
          total: 1,
          page: 1,
          items: [
            {
              at: '2026-03-01T00:00:00.000Z',
              user_id: 'u-9',
              code: 'MA0001',
              delta: 50,
              reason: 'お詫び',
              admin_id: 'admin-7',
            },
          ],
        },
      ],
      [`GET ${API}/users/u-9`]: [200, { ok: true, user: customer({ id: 'u-9', nickname: 'はなこ' }) }],
      [`GET ${API}/users/admin-7`]: [
        200,
        { ok: true, user: customer({ id: 'admin-7', nickname: '', email: 'ops@example.jp' }) },
      ],
    });

    await renderConsole('/ops/point/give');

    const row = within((await screen.findByText('お詫び')).closest('tr')!);
    expect((await row.findByText('はなこ')).getAttribute('title')).toBe('u-9');
    expect((await row.findByText('ops@example.jp')).getAttribute('title')).toBe('admin-7');
  });
});

describe('PointGivePage user picker', () => {
  it('when part of a nickname is typed and an account picked, shows its address, keeps the id on hover and gives to that id', async () => {
    const picked = { ...sampleUser, id: 'u-77', email: 'momo@example.jp', nickname: 'もも' };
    const server = scriptedServer({
      [`GET ${API}/users`]: [200, { ok: true, users: [picked], total: 1, page: 1, pageSize: 20 }],
      [`GET ${API}/users/u-77`]: [200, { ok: true, user: picked }],
      [`GET ${API}/point/history`]: noHistory,
    });
    await renderConsole('/ops/point/give');

    fireEvent.change(await screen.findByLabelText('ユーザー'), { target: { value: 'もも' } });
    fireEvent.click(await screen.findByRole('option', { name: /momo@example\.jp/ }));

    const field = screen.getByLabelText('ユーザー') as HTMLInputElement;
    expect(field.value).toBe('momo@example.jp');
    expect(field.title).toBe('u-77');
    expect(server.calls.find((c) => c.url === `${API}/users` && c.method === 'GET')).toBeTruthy();
  });
});
