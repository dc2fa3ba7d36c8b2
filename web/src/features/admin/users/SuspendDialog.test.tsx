import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@talkwith/proto/identity';
import { sampleUser } from '../../../test/harness.tsx';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';

const someUser = (over: Partial<PublicUser> = {}): PublicUser => ({
  ...sampleUser,
  id: `u-${Math.random().toString(36).slice(2, 10)}`,
  email: 'jiro@example.jp',
  created_at: '2026-03-01T10:00:00.000Z',
  last_login_at: null,
  ...over,
});
const userRoutes = (user: PublicUser) => ({
  [`GET ${API}/users/${user.id}`]: [200, { ok: true, user }] as [number, unknown],
  [`GET ${API}/full/users/${user.id}/purchases`]: [200, { ok: true, purchases: [], total: 0, page: 1 }] as [
    number,
    unknown,
  ],
});

describe('SuspendDialog', () => {
  it('when a user is suspended with a reason, sends the reason once and says so', async () => {
    const user = someUser();
    const server = scriptedServer({
      ...userRoutes(user),
      [`POST ${API}/users/${user.id}/suspend`]: [
        200,
        { ok: true, user: { ...user, suspended_at: '2026-03-05T01:00:00.000Z' } },
      ],
    });
    await renderConsole(`/ops/users/${user.id}`);

    fireEvent.click(await screen.findByRole('button', { name: '利用停止' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/理由/), { target: { value: '規約違反' } });
    fireEvent.click(dialog.getByRole('button', { name: '利用停止する' }));

    expect(await screen.findByText('jiro@example.jp の利用を停止しました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('/suspend')).map((c) => c.body)).toEqual([{ reason: '規約違反' }]);
  });

  it('when the user is suspended, shows since when and why, and offers to lift it', async () => {
    const user = someUser({ suspended_at: '2026-03-05T01:00:00.000Z', suspend_reason: '規約違反' });
    const server = scriptedServer({
      ...userRoutes(user),
      [`POST ${API}/users/${user.id}/unsuspend`]: [200, { ok: true, user: { ...user, suspended_at: undefined } }],
    });
    await renderConsole(`/ops/users/${user.id}`);

    expect(await screen.findByText('利用停止中（2026/3/5 10:00:00から）')).toBeTruthy();
    expect(screen.getByText('規約違反')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '利用停止を解除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '利用停止を解除' }));

    expect(await screen.findByText('jiro@example.jp の利用停止を解除しました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('/unsuspend'))).toHaveLength(1);
  });
});
