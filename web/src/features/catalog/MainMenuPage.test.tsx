import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes as appRoutes } from '../../app/routes.tsx';
import { fakeServer, renderRoutes } from '../../test/harness.tsx';
import MainMenuPage from './MainMenuPage.tsx';
import SelectChatPage from './SelectChatPage.tsx';
import { menuCategory, menuCharacter, menuOf } from './testing.ts';

const routes = [
  { path: '/full/main_menu', element: <MainMenuPage /> },
  { path: '/full/select_chat', element: <SelectChatPage /> },
];

describe('MainMenuPage', () => {
  it('MainMenuPage, a menu with categories and groups, lists each character under its group with price and link', async () => {
    const yui = menuCharacter({ name: 'ユイ', slug: 'yui', price: 1200, avatar_url: '/files/yui.webp' });
    const category = menuCategory({
      name: '学園',
      slug: 'school',
      groups: [{ id: 'g1', name: '二年A組', description: '', slug: '', characters: [yui] }],
    });
    fakeServer(() => [200, menuOf([category])]);

    await renderRoutes(routes, { path: '/full/main_menu' });

    const group = await screen.findByRole('region', { name: '二年A組' });
    const card = within(group).getByRole('link', { name: /ユイ/ });
    expect(card.getAttribute('href')).toBe('/full/chat/yui');
    expect(within(card).getByText('¥1,200')).toBeTruthy();
    const avatar = card.querySelector('img');
    expect([avatar?.getAttribute('loading'), avatar?.getAttribute('width'), avatar?.getAttribute('height')]).toEqual([
      'lazy',
      '96',
      '96',
    ]);
    expect(screen.getByRole('link', { name: 'すべて見る' }).getAttribute('href')).toBe('/theme/school');
  });

  it('MainMenuPage, the demo character in no group, appears as free under the characters one can talk with', async () => {
    fakeServer(() => [200, menuOf([], [menuCharacter({ name: 'ミライ', slug: 'mirai', price: 0 })])]);

    await renderRoutes(routes, { path: '/full/main_menu' });

    const section = await screen.findByRole('region', { name: 'いま話せるキャラクター' });
    const card = within(section).getByRole('link', { name: /ミライ/ });
    expect(within(card).getByText('無料')).toBeTruthy();
    expect(card.getAttribute('href')).toBe('/full/chat/mirai');
  });

  it('MainMenuPage, a published character without a conversation, leads to coming soon instead of the player', async () => {
    fakeServer(() => [200, menuOf([], [menuCharacter({ name: 'ソラ', playable: false })])]);

    await renderRoutes(routes, { path: '/full/main_menu' });

    const card = await screen.findByRole('link', { name: /ソラ/ });
    expect(card.getAttribute('href')).toBe('/coming_soon?name=%E3%82%BD%E3%83%A9');
    expect(within(card).getByText('近日公開')).toBeTruthy();
  });

  it('MainMenuPage, an empty menu, says there is nobody to talk with yet', async () => {
    fakeServer(() => [200, menuOf([])]);

    await renderRoutes(routes, { path: '/full/select_chat' });

    expect(await screen.findByText('まだ話せるキャラクターがいません。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'キャラクターをえらぶ' })).toBeTruthy();
  });

  it('MainMenuPage, the server failing, shows an error with a reload button that asks again', async () => {
    const server = fakeServer(() => [500, { ok: false, message: 'boom' }]);

    await renderRoutes(routes, { path: '/full/main_menu' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('キャラクターを読み込めませんでした。');
    const before = server.calls.length;
    within(alert).getByRole('button', { name: '再読み込み' }).click();
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
  });

  it('MainMenuPage, under an /en-US prefix, switches the interface to English and remembers it', async () => {
    fakeServer(() => [200, menuOf([], [menuCharacter({ name: 'ミライ' })])]);

    const { store } = await renderRoutes(appRoutes, { path: '/en-US/full/main_menu' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Main menu' })).toBeTruthy();
    expect(await screen.findByText('Free')).toBeTruthy();
    expect(store.getState().language.current).toBe('en-US');
    expect(localStorage.getItem('talkwith-language')).toBe('en-US');
  });

  it('MainMenuPage, under a prefix that is not a bundled language, is not a page', async () => {
    const server = fakeServer(() => [200, menuOf([])]);

    await renderRoutes(appRoutes, { path: '/xx-YY/full/main_menu' });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      expect.not.stringContaining('メインメニュー'),
    );
    // The admin gate may ask where the console lives; the menu is never loaded.
    expect(server.calls.filter((call) => call.url !== '/api/config')).toHaveLength(0);
  });
});
