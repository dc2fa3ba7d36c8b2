import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import NotificationPage from './NotificationPage.tsx';
import { aNotification, aUser, engagementServer, fetchedUrls, signedInAs } from './testing.tsx';

const routes = [{ path: '/notification', element: <NotificationPage /> }];
const page = (notifications: unknown[], fields: Record<string, number> = {}) =>
  [200, { ok: true, notifications, unread: 0, total: notifications.length, page: 1, pages: 1, ...fields }] as [
    number,
    unknown,
  ];
const listUrls = () =>
  fetchedUrls()
    .filter((url) => new URL(url).pathname === '/api/notifications')
    .map((url) => new URL(url).search);

describe('NotificationPage', () => {
  it("NotificationPage, the caller's notifications, are listed in the server's order with the unread ones marked", async () => {
    const unread = aNotification({ title: 'チケットの有効期限', read: false });
    const read = aNotification({ title: 'ようこそ', read: true });
    engagementServer({ 'GET notifications': page([unread, read], { unread: 1 }) });

    await renderRoutes(routes, { path: '/notification', state: signedInAs(aUser()) });

    const list = await screen.findByRole('list', { name: 'お知らせ' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading').textContent).toBe('チケットの有効期限');
    expect(within(first!).getByText('未読')).toBeTruthy();
    expect(within(second!).queryByText('未読')).toBeNull();
    expect(screen.getByText('未読のお知らせ：1件')).toBeTruthy();
    expect(listUrls()).toEqual(['?page=1']);
  });

  it('NotificationPage, the filters, ask for unread ones (new=true) and past ones (active=false) from page 1', async () => {
    engagementServer({ 'GET notifications': page([aNotification()], { pages: 3, total: 45 }) });
    await renderRoutes(routes, { path: '/notification', state: signedInAs(aUser()) });
    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));
    await vi.waitFor(() => expect(listUrls()).toContain('?page=2'));

    fireEvent.click(screen.getByRole('checkbox', { name: '未読のみ表示' }));
    await vi.waitFor(() => expect(listUrls()).toContain('?page=1&new=true'));
    fireEvent.click(screen.getByRole('checkbox', { name: '掲載が終了したお知らせも表示' }));

    await vi.waitFor(() => expect(listUrls()).toContain('?page=1&new=true&active=false'));
  });

  it('NotificationPage, mark all read, posts all and shows the list again without unread ones', async () => {
    let marked = false;
    const server = engagementServer({
      'GET notifications': () =>
        page([aNotification({ title: 'お知らせA', read: marked })], { unread: marked ? 0 : 1 }),
      'POST notifications/read': () => {
        marked = true;
        return [200, { ok: true, unread: 0 }];
      },
    });
    await renderRoutes(routes, { path: '/notification', state: signedInAs(aUser()) });
    await screen.findByText('未読');

    fireEvent.click(screen.getByRole('button', { name: 'すべて既読にする' }));

    await vi.waitFor(() => expect(screen.queryByText('未読')).toBeNull());
    expect(server.calls.find((c) => c.url === '/api/notifications/read')?.body).toEqual({ all: true });
    expect((screen.getByRole('button', { name: 'すべて既読にする' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('NotificationPage, a past notification, is marked as ended', async () => {
    engagementServer({
      'GET notifications': page([aNotification({ read: true, publish_until: '2020-01-01T00:00:00.000Z' })]),
    });

    await renderRoutes(routes, { path: '/notification', state: signedInAs(aUser()) });

    expect(await screen.findByText('掲載終了')).toBeTruthy();
  });

  it('NotificationPage, nothing to show, says so', async () => {
    engagementServer({ 'GET notifications': page([]) });

    await renderRoutes(routes, { path: '/notification', state: signedInAs(aUser()) });

    expect(await screen.findByText('お知らせはありません。')).toBeTruthy();
  });

  it('NotificationPage, the server failing, shows its message', async () => {
    engagementServer({ 'GET notifications': [503, { ok: false, message: 'ただいま混み合っています。' }] });

    await renderRoutes(routes, { path: '/notification', state: signedInAs(aUser()) });

    expect((await screen.findByRole('alert')).textContent).toBe('ただいま混み合っています。');
  });
});
