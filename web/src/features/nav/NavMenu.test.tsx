import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Shell } from '../../app/Shell.tsx';
import { fakeServer, renderRoutes, sampleUser, type RecordedCall } from '../../test/harness.tsx';

/** The menu inside the Shell (its popup dialog included), with a scripted engagement server. */
const routes = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <p>top</p> },
      { path: '/notification', element: <p>all notifications</p> },
    ],
  },
];
const user = { ...sampleUser, id: `u-${Math.random().toString(36).slice(2)}` };
const signedIn = { session: { status: 'authenticated' as const, accessToken: 'access-token', user } };
const loggedOut = { session: { status: 'guest' as const, accessToken: null, user: null } };

const aNotification = (title: string, read: boolean) => ({
  id: `n-${Math.random().toString(36).slice(2, 10)}`,
  kind: 'admin',
  title,
  body: `${title}の本文`,
  is_news: false,
  read,
  published_at: '2026-11-20T03:00:00.000Z',
  publish_until: null,
  created_at: '2026-11-20T03:00:00.000Z',
});

type Answer = [number, unknown];
/** The Shell restores the session on mount (POST /api/auth/refresh, when the CSRF cookie hints at one): it stays signed in. */
function server(routes: Record<string, (call: RecordedCall) => Answer>) {
  document.cookie = 'talkwith-csrf=test-csrf; path=/';
  const all: Record<string, (call: RecordedCall) => Answer> = {
    'POST auth/refresh': () => [200, { ok: true, accessToken: 'access-token', user }],
    'GET config': () => [200, {}],
    ...routes,
  };
  return fakeServer(
    (call) =>
      all[`${call.method} ${call.url.replace(/^\/api\//, '')}`]?.(call) ?? [
        404,
        { ok: false, message: 'not scripted' },
      ],
  );
}

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));

describe('NavMenu notifications', () => {
  it('NavMenu, unread notifications, shows the count on the menu item; the popup lists them unread first and marks them read', async () => {
    const fresh = [aNotification('チケットの有効期限', false), aNotification('新しいお話', false)];
    const old = aNotification('ようこそ', true);
    let unread = 2;
    const calls = server({
      'GET notifications_available': () => [200, { ok: true, available: unread > 0, unread }],
      'GET notifications': () => [
        200,
        {
          ok: true,
          notifications: [...fresh.map((n) => ({ ...n, read: unread === 0 })), old],
          unread,
          total: 3,
          page: 1,
          pages: 1,
        },
      ],
      'POST notifications/read': () => {
        unread = 0;
        return [200, { ok: true, unread: 0 }];
      },
    });
    await renderRoutes(routes, { path: '/', state: signedIn });
    openMenu();

    const item = await screen.findByRole('button', { name: /お知らせ.*未読 2件/ });
    fireEvent.click(item);

    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('list', { name: 'お知らせ' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual([
      'チケットの有効期限',
      '新しいお話',
      'ようこそ',
    ]);
    await vi.waitFor(() =>
      expect(calls.calls.find((c) => c.url === '/api/notifications/read')?.body).toEqual({
        ids: fresh.map((n) => n.id),
      }),
    );
    // Shown as new while the popup stays open, though the server has them read now.
    expect(within(rows[0]!).getByText('NEW')).toBeTruthy();
    expect(within(rows[2]!).queryByText('NEW')).toBeNull();
    await vi.waitFor(() =>
      expect(calls.calls.filter((c) => c.url === '/api/notifications_available').length).toBeGreaterThanOrEqual(2),
    );
    await vi.waitFor(() => expect(screen.queryByText('未読 2件')).toBeNull());
  });

  it('NavMenu popup, opened again after its notifications were read, marks none new and posts no second read', async () => {
    const fresh = aNotification('新しいお話', false);
    let unread = 1;
    const calls = server({
      'GET notifications_available': () => [200, { ok: true, available: unread > 0, unread }],
      'GET notifications': () => [
        200,
        { ok: true, notifications: [{ ...fresh, read: unread === 0 }], unread, total: 1, page: 1, pages: 1 },
      ],
      'POST notifications/read': () => {
        unread = 0;
        return [200, { ok: true, unread: 0 }];
      },
    });
    await renderRoutes(routes, { path: '/', state: signedIn });
    openMenu();
    fireEvent.click(await screen.findByRole('button', { name: /お知らせ.*未読 1件/ }));
    await within(await screen.findByRole('dialog')).findByText('NEW');
    await vi.waitFor(() => expect(screen.queryByText('未読 1件')).toBeNull());
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: '閉じる' }).at(-1)!);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    openMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'お知らせ' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('新しいお話');
    await vi.waitFor(() => expect(calls.calls.filter((c) => c.url === '/api/notifications').length).toBe(2));

    expect(within(dialog).queryByText('NEW')).toBeNull();
    expect(calls.calls.filter((c) => c.url === '/api/notifications/read')).toHaveLength(1);
  });

  it('NavMenu popup, all read, posts nothing and links to every notification', async () => {
    const calls = server({
      'GET notifications_available': () => [200, { ok: true, available: false, unread: 0 }],
      'GET notifications': () => [
        200,
        { ok: true, notifications: [aNotification('ようこそ', true)], unread: 0, total: 1, page: 1, pages: 1 },
      ],
    });
    const { router } = await renderRoutes(routes, { path: '/', state: signedIn });
    openMenu();

    fireEvent.click(await screen.findByRole('button', { name: 'お知らせ' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('ようこそ');
    fireEvent.click(within(dialog).getByRole('link', { name: 'すべてのお知らせを見る' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/notification'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.calls.some((c) => c.url === '/api/notifications/read')).toBe(false);
  });

  it('NavMenu, logged out, asks for no badge and the popup invites to log in', async () => {
    const calls = fakeServer(() => [404, { ok: false }]);
    await renderRoutes(routes, { path: '/', state: loggedOut });
    openMenu();

    fireEvent.click(screen.getByRole('button', { name: 'お知らせ' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('お知らせを見るにはログインしてください。')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fnotification',
    );
    expect(calls.calls.filter((c) => c.url.startsWith('/api/notification'))).toEqual([]);
  });

  it('NavMenu popup, the list failing, shows the error', async () => {
    server({
      'GET notifications_available': () => [200, { ok: true, available: false, unread: 0 }],
      'GET notifications': () => [500, { ok: false, message: 'お知らせを取得できませんでした。' }],
    });
    await renderRoutes(routes, { path: '/', state: signedIn });
    openMenu();

    fireEvent.click(screen.getByRole('button', { name: 'お知らせ' }));

    expect((await within(await screen.findByRole('dialog')).findByRole('alert')).textContent).toBe(
      'お知らせを取得できませんでした。',
    );
  });
});

describe('NavMenu keyboard', () => {
  it('NavMenu, Escape while open, closes the drawer and puts focus back on the menu button', async () => {
    server({});
    await renderRoutes(routes, { path: '/', state: loggedOut });
    openMenu();
    const drawer = screen.getByRole('navigation', { name: 'メニュー' });
    await vi.waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    await vi.waitFor(() => expect(drawer.className).not.toContain('drawer--open'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'メニューを開く' }));
  });

  it('NavMenu, Tab on the last item, wraps to the first so focus stays in the open drawer', async () => {
    server({});
    await renderRoutes(routes, { path: '/', state: loggedOut });
    openMenu();
    const drawer = screen.getByRole('navigation', { name: 'メニュー' });
    const items = [...drawer.querySelectorAll<HTMLElement>('a[href], button')];
    items.at(-1)?.focus();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });

    expect(document.activeElement).toBe(items[0]);
  });
});
