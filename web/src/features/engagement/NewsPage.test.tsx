import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import NewsPage from './NewsPage.tsx';
import { aNewsItem, engagementServer, fetchedUrls, loggedOut } from './testing.tsx';

const routes = [{ path: '/news', element: <NewsPage /> }];

describe('NewsPage', () => {
  it('NewsPage, logged out, lists the public news newest first', async () => {
    const server = engagementServer({
      'GET news': [
        200,
        {
          ok: true,
          news: [aNewsItem({ title: '新キャラクター登場' }), aNewsItem({ title: 'サービス開始' })],
          total: 2,
          page: 1,
          pages: 1,
        },
      ],
    });

    await renderRoutes(routes, { path: '/news', state: loggedOut });

    const list = await screen.findByRole('list', { name: 'ニュース' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['新キャラクター登場', 'サービス開始']);
    expect(server.calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('NewsPage, more than a page, asks for the next page', async () => {
    engagementServer({ 'GET news': [200, { ok: true, news: [aNewsItem()], total: 30, page: 1, pages: 2 }] });
    await renderRoutes(routes, { path: '/news', state: loggedOut });

    expect(await screen.findByText('1 / 2 ページ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));

    await vi.waitFor(() => expect(fetchedUrls().map((url) => new URL(url).search)).toContain('?page=2'));
  });

  it('NewsPage, no news yet, says so', async () => {
    engagementServer({ 'GET news': [200, { ok: true, news: [], total: 0, page: 1, pages: 0 }] });

    await renderRoutes(routes, { path: '/news', state: loggedOut });

    expect(await screen.findByText('ニュースはまだありません。')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('NewsPage, the server failing, shows an error', async () => {
    engagementServer({ 'GET news': [500, { ok: false }] });

    await renderRoutes(routes, { path: '/news', state: loggedOut });

    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
