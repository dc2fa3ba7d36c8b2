import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, listItem, renderConsole } from '../characters/testing.tsx';
import { logEntry, logsServer } from './testing.ts';

const CHARACTERS = {
  [`GET ${API}/characters`]: [200, { ok: true, characters: [listItem()], total: 1, page: 1, per_page: 20 }] as [
    number,
    unknown,
  ],
};
const user = (id: string, email: string, deleted_at: string | null = null) => ({
  user_id: id,
  email,
  registered_at: null,
  last_login_at: null,
  deleted_at,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LogsPage users', () => {
  it('logs page, entries of known accounts, names them by address (a deleted one by its id) in one logs/users call', async () => {
    const server = logsServer({
      ...CHARACTERS,
      [`POST ${API}/logs/filter`]: [
        200,
        {
          ok: true,
          total: 3,
          page: 1,
          limit: 50,
          logs: [
            logEntry({ user_id: 'u-1', message: 'one' }),
            logEntry({ user_id: 'u-2', message: 'two' }),
            logEntry({ user_id: 'u-1', message: 'three' }),
          ],
        },
      ],
      [`GET ${API}/logs/users`]: [
        200,
        {
          ok: true,
          total: 2,
          page: 1,
          limit: 100,
          users: [user('u-1', 'hanako@example.jp'), user('u-2', '', '2026-03-01T00:00:00.000Z')],
        },
      ],
    });

    await renderConsole('/ops/logs');

    const row = within((await screen.findByText('one')).closest('tr')!);
    expect((await row.findByRole('link', { name: 'hanako@example.jp' })).getAttribute('href')).toBe(
      '/ops/full/users/u-1',
    );
    expect(within(screen.getByText('two').closest('tr')!).getByText(/（削除済み）/)).toBeTruthy();
    const asked = server.calls.filter((c) => c.url === `${API}/logs/users`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.search.get('ids')).toBe('u-1,u-2');
  });

  it("logs filter, part of an address typed in the user field, offers the accounts by address and puts the picked one's id in the filter", async () => {
    const server = logsServer({
      ...CHARACTERS,
      [`POST ${API}/logs/filter`]: [200, { ok: true, total: 0, page: 1, limit: 50, logs: [] }],
      [`GET ${API}/logs/users`]: [
        200,
        { ok: true, total: 1, page: 1, limit: 20, users: [user('u-7', 'sakura@example.jp')] },
      ],
    });
    await renderConsole('/ops/logs');

    const field = await screen.findByLabelText('ユーザー');
    fireEvent.change(field, { target: { value: 'saku' } });
    const option = await screen.findByRole('option', { name: 'sakura@example.jp' });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: '検索' }));

    expect(server.calls.find((c) => c.url === `${API}/logs/users`)?.search.get('q')).toBe('saku');
    expect(option.getAttribute('title')).toBe('u-7');
    expect((field as HTMLInputElement).value).toBe('sakura@example.jp');
    expect(field.getAttribute('title')).toBe('u-7');
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.url === `${API}/logs/filter`).at(-1)?.body).toMatchObject({ user_id: 'u-7' }),
    );
  });
});
