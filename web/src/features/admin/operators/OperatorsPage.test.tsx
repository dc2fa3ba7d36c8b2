import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Operator } from '@talkwith/proto/identity';
import { sampleUser } from '../../../test/harness.tsx';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';

const operator = (over: Partial<Operator> = {}): Operator => ({
  ...sampleUser,
  id: `u-${Math.random().toString(36).slice(2, 10)}`,
  email: 'boss@example.jp',
  roles: ['admin'],
  invited: false,
  created_at: '2026-03-01T10:00:00.000Z',
  last_login_at: '2026-03-02T15:30:00.000Z',
  ...over,
});
const listed = (...operators: Operator[]) => ({
  [`GET ${API}/operators`]: [200, { ok: true, operators }] as [number, unknown],
});

describe('OperatorsPage', () => {
  it('when opened, lists each operator by e-mail with the id on hover and an invitation as pending', async () => {
    const boss = operator();
    const invitee = operator({ email: 'new@example.jp', invited: true, last_login_at: null });
    scriptedServer(listed(boss, invitee));

    await renderConsole('/ops/operators');

    const link = await screen.findByRole('link', { name: 'boss@example.jp' });
    expect(link.getAttribute('title')).toBe(boss.id);
    expect(screen.getByText('招待中（パスワード未設定）')).toBeTruthy();
    expect(screen.getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
  });

  it('when an address is invited, sends it once and says the mail went out', async () => {
    const server = scriptedServer({
      ...listed(operator()),
      [`POST ${API}/operators`]: [
        201,
        { ok: true, outcome: 'invited', operator: operator({ email: 'new@example.jp', invited: true }) },
      ],
    });
    await renderConsole('/ops/operators');

    fireEvent.change(await screen.findByLabelText('メールアドレス'), { target: { value: ' new@example.jp ' } });
    fireEvent.click(screen.getByRole('button', { name: '招待する' }));

    expect(await screen.findByText('new@example.jp に招待メールを送りました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ email: 'new@example.jp' }]);
  });

  it("when the last admin is removed, shows the server's refusal in the dialog", async () => {
    const boss = operator();
    scriptedServer({
      ...listed(boss),
      [`DELETE ${API}/operators/${boss.id}`]: [
        409,
        {
          ok: false,
          code: 'CONFLICT',
          message: '管理者が1人もいなくなるため、この操作はできません。先に別の管理者を追加してください。',
        },
      ],
    });
    await renderConsole('/ops/operators');

    fireEvent.click(await screen.findByRole('button', { name: '管理者から外す' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: '管理者から外す' }));

    expect((await dialog.findByRole('alert')).textContent).toContain('管理者が1人もいなくなる');
  });
});
