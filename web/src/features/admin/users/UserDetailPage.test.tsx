import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@talkwith/proto/identity';
import { sampleUser } from '../../../test/harness.tsx';
import { adminCharacter, API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { entry, subscription } from '../billing/testing.ts';
import { logEntry } from '../logs/testing.ts';

const someUser = (over: Partial<PublicUser> = {}): PublicUser => ({
  ...sampleUser,
  id: `u-${Math.random().toString(36).slice(2, 10)}`,
  email: 'jiro@example.jp',
  nickname: 'じろう',
  created_at: '2026-03-01T10:00:00.000Z',
  last_login_at: '2026-03-02T15:30:00.000Z',
  ...over,
});
const noPurchases = (id: string) => ({
  [`GET ${API}/full/users/${id}/purchases`]: [200, { ok: true, purchases: [], total: 0, page: 1 }] as [number, unknown],
});
const userRoutes = (user: PublicUser) => ({
  [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }] as [number, unknown],
  ...noPurchases(user.id),
});

async function openAction(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog'));
}

describe('UserDetailPage', () => {
  it("when the users list shows a user, links the row to that user's detail page with the id on hover", async () => {
    const user = someUser();
    scriptedServer({ [`GET ${API}/users`]: [200, { ok: true, users: [user], total: 1, page: 1, pageSize: 20 }] });

    await renderConsole('/ops/users');

    const link = await screen.findByRole('link', { name: user.email });
    expect(link.getAttribute('href')).toBe(`/ops/users/${user.id}`);
    expect(link.getAttribute('title')).toBe(user.id);
  });

  it('when opened, shows the profile in words with times in Japan time and says JST', async () => {
    const user = someUser({ roles: ['customer', 'admin'] });
    scriptedServer(userRoutes(user));

    await renderConsole(`/ops/users/${user.id}`);

    expect(await screen.findByRole('heading', { name: user.email })).toBeTruthy();
    expect(screen.getByText('じろう')).toBeTruthy();
    expect(screen.getByText('一般ユーザー、管理者')).toBeTruthy();
    expect(screen.getByText('確認済み')).toBeTruthy();
    expect(screen.getByText('有効')).toBeTruthy();
    expect(screen.getByText('2026/3/1 19:00:00')).toBeTruthy();
    expect(screen.getByText('2026/3/3 0:30:00')).toBeTruthy();
    expect(screen.getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
    expect(screen.getByText(user.id)).toBeTruthy();
  });

  it('when the profile is edited, sends the nickname and roles once and says it was saved', async () => {
    const user = someUser();
    const server = scriptedServer({
      ...userRoutes(user),
      [`PUT ${API}/users/${user.id}`]: [
        200,
        { ok: true, user: { ...user, nickname: 'ジロー', roles: ['customer', 'admin'] } },
      ],
    });
    await renderConsole(`/ops/users/${user.id}`);
    const dialog = await openAction('プロフィールを編集');

    fireEvent.change(dialog.getByLabelText('ニックネーム'), { target: { value: 'ジロー' } });
    fireEvent.click(dialog.getByLabelText('管理者'));
    fireEvent.click(dialog.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('プロフィールを保存しました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { nickname: 'ジロー', roles: ['customer', 'admin'] },
    ]);
  });

  it('when every role is unticked, refuses before sending anything', async () => {
    const user = someUser();
    const server = scriptedServer(userRoutes(user));
    await renderConsole(`/ops/users/${user.id}`);
    const dialog = await openAction('プロフィールを編集');

    fireEvent.click(dialog.getByLabelText('一般ユーザー'));
    fireEvent.click(dialog.getByRole('button', { name: '保存する' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('権限を1つ以上選んでください。');
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('when the password is changed without a mail, sends sendMail false and says no mail was sent', async () => {
    const user = someUser();
    const server = scriptedServer({ ...userRoutes(user), [`POST ${API}/users/password_change`]: [200, { ok: true }] });
    await renderConsole(`/ops/users/${user.id}`);
    const dialog = await openAction('パスワードを変更');

    fireEvent.change(dialog.getByLabelText('新しいパスワード'), { target: { value: 'NewPass1234' } });
    fireEvent.click(dialog.getByLabelText('送らない'));
    fireEvent.click(dialog.getByRole('button', { name: '変更する' }));

    expect(await screen.findByText('パスワードを変更しました（メールは送っていません）。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { user_id: user.id, password: 'NewPass1234', sendMail: false },
    ]);
  });

  it('when the server refuses a password, shows its Japanese message in the dialog', async () => {
    const user = someUser();
    scriptedServer({
      ...userRoutes(user),
      [`POST ${API}/users/password_change`]: [
        400,
        { ok: false, code: 'VALIDATION', message: 'パスワードは8文字以上で入力してください。' },
      ],
    });
    await renderConsole(`/ops/users/${user.id}`);
    const dialog = await openAction('パスワードを変更');

    fireEvent.change(dialog.getByLabelText('新しいパスワード'), { target: { value: 'short' } });
    fireEvent.click(dialog.getByRole('button', { name: '変更する' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('パスワードは8文字以上で入力してください。');
  });

  it('when the e-mail is changed at once with a notice to the old address, sends both choices and names the new address', async () => {
    const user = someUser();
    const server = scriptedServer({ ...userRoutes(user), [`POST ${API}/users/email_change`]: [200, { ok: true }] });
    await renderConsole(`/ops/users/${user.id}`);
    const dialog = await openAction('メールアドレスを変更');

    fireEvent.change(dialog.getByLabelText('新しいメールアドレス'), { target: { value: ' saburo@example.jp ' } });
    fireEvent.click(
      within(dialog.getByRole('group', { name: '新しいアドレスに確認メールを' })).getByLabelText('送らない'),
    );
    fireEvent.click(dialog.getByRole('button', { name: '変更する' }));

    expect(await screen.findByText('メールアドレスを saburo@example.jp に変更しました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { user_id: user.id, new_email: 'saburo@example.jp', vertificationMail: false, sendMail: true },
    ]);
  });

  it('when deleting a user with a running plan, says the plan ends, then deletes and returns to the list', async () => {
    const user = someUser();
    const plan = subscription({ user_id: user.id, name: 'TALK WITH 月額プラン', status: 'active' });
    const server = scriptedServer({
      ...userRoutes(user),
      [`GET ${API}/subscriptions/list`]: [200, { ok: true, subscriptions: [plan], total: 1, page: 1 }],
      [`DELETE ${API}/users/${user.id}`]: [200, { ok: true }],
      [`GET ${API}/users`]: [200, { ok: true, users: [], total: 0, page: 1, pageSize: 20 }],
    });
    await renderConsole(`/ops/users/${user.id}`);
    const dialog = await openAction('削除');

    expect(
      await dialog.findByText('利用中のプラン「TALK WITH 月額プラン」はすぐに終了し、以後の課金は行われません。'),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '削除する' }));

    expect(await screen.findByText('jiro@example.jp を削除しました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${API}/users/${user.id}`]);
  });

  it("when the logs tab is open, asks for that user's logs and lists them", async () => {
    const user = someUser();
    const server = scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`POST ${API}/logs/filter`]: [
        200,
        { ok: true, logs: [logEntry({ user_id: user.id, message: '会話を始めました。' })], total: 1, page: 1 },
      ],
    });

    await renderConsole(`/ops/users/${user.id}?tab=logs`);

    expect(await screen.findByText('会話を始めました。')).toBeTruthy();
    expect(server.calls.find((c) => c.url === `${API}/logs/filter`)?.body).toMatchObject({ user_id: user.id, page: 1 });
  });

  it('when the tickets history and the logs name a character, show its name with the id on hover', async () => {
    const user = someUser();
    const character = adminCharacter({ id: 'c-7f3a9b21-0000', name: 'ハナコ' });
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }],
      [`GET ${API}/characters/${character.id}`]: [200, { ok: true, character }],
      [`GET ${API}/full/users/${user.id}/talk_tickets`]: [
        200,
        {
          ok: true,
          user_id: user.id,
          talk_tickets: 0,
          total: 1,
          page: 1,
          lots: [],
          entries: [entry({ kind: 'used', delta: -1, character_id: character.id })],
        },
      ],
      [`POST ${API}/logs/filter`]: [
        200,
        { ok: true, logs: [logEntry({ user_id: user.id, character_id: character.id })], total: 1, page: 1 },
      ],
    });

    const { router } = await renderConsole(`/ops/users/${user.id}?tab=tickets`);
    const inLedger = await screen.findByText('ハナコ');
    await act(() => router.navigate(`/ops/users/${user.id}?tab=logs`));
    const inLogs = await screen.findByText('ハナコ');

    expect(inLedger.getAttribute('title')).toBe(character.id);
    expect(inLogs.getAttribute('title')).toBe(character.id);
  });

  it('when identity no longer knows the account, says when billing saw it deleted', async () => {
    const user = someUser();
    scriptedServer({
      [`GET ${API}/users/${user.id}`]: [404, { ok: false, code: 'NOT_FOUND', message: 'ユーザーが見つかりません。' }],
      [`GET ${API}/full/users/${user.id}/account`]: [
        200,
        {
          ok: true,
          user_id: user.id,
          registered_at: '2026-01-01T00:00:00.000Z',
          deleted_at: '2026-03-01T10:00:00.000Z',
        },
      ],
      ...noPurchases(user.id),
    });

    await renderConsole(`/ops/users/${user.id}`);

    expect(await screen.findByText(/2026\/3\/1 19:00:00 に削除されました/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
  });
});
