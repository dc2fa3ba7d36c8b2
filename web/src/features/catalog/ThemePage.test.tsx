import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderRoutes } from '../../test/harness.tsx';
import ComingSoonPage from './ComingSoonPage.tsx';
import ThemePage, { groupSegment, selectedGroup } from './ThemePage.tsx';
import { menuCategory, menuCharacter } from './testing.ts';

const routes = [
  { path: '/theme/:category/:a?/:b?', element: <ThemePage /> },
  { path: '/coming_soon', element: <ComingSoonPage /> },
];

function seasons() {
  return menuCategory({
    name: '季節',
    slug: 'seasons',
    description: '四季のキャラクター',
    groups: [
      {
        id: 'g-spring',
        name: 'Spring',
        description: '',
        slug: 'spring',
        characters: [menuCharacter({ name: 'ハル' })],
      },
      { id: 'g-summer', name: '夏', description: '', slug: '', characters: [menuCharacter({ name: 'ナツ' })] },
    ],
  });
}

describe('ThemePage', () => {
  it('ThemePage, a category slug, shows its name, description and every group', async () => {
    const server = fakeServer(() => [200, { ok: true, category: seasons() }]);

    await renderRoutes(routes, { path: '/theme/seasons' });

    expect(await screen.findByRole('heading', { level: 1, name: '季節' })).toBeTruthy();
    expect(screen.getByText('四季のキャラクター')).toBeTruthy();
    expect(screen.getByRole('link', { name: /ハル/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /ナツ/ })).toBeTruthy();
    expect(server.calls[0]?.url).toBe('/api/catalog/theme/seasons');
  });

  it('ThemePage, a further segment naming a group by slug or id, shows only that group', async () => {
    fakeServer(() => [200, { ok: true, category: seasons() }]);

    await renderRoutes(routes, { path: '/theme/seasons/g-summer/ignored' });

    expect(await screen.findByRole('link', { name: /ナツ/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /ハル/ })).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'グループ' });
    expect(within(tabs).getByRole('link', { name: '夏' }).getAttribute('aria-current')).toBe('page');
  });

  it('ThemePage, a further segment naming no group, is ignored and the whole theme shown', async () => {
    fakeServer(() => [200, { ok: true, category: seasons() }]);

    await renderRoutes(routes, { path: '/theme/seasons/autumn' });

    expect(await screen.findByRole('link', { name: /ハル/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /ナツ/ })).toBeTruthy();
  });

  it("ThemePage, an unknown theme, shows the server's Japanese message and a way back", async () => {
    fakeServer(() => [404, { ok: false, code: 'NOT_FOUND', message: 'テーマ「nope」は見つかりません。' }]);

    await renderRoutes(routes, { path: '/theme/nope' });

    expect((await screen.findByRole('alert')).textContent).toBe('テーマ「nope」は見つかりません。');
    expect(screen.getByRole('link', { name: 'メインメニューへ戻る' }).getAttribute('href')).toBe('/full/main_menu');
  });

  it('ThemePage, a theme without published characters yet, says they are on their way', async () => {
    fakeServer(() => [200, { ok: true, category: menuCategory({ name: '準備中のテーマ' }) }]);

    await renderRoutes(routes, { path: '/theme/soon' });

    expect(await screen.findByText('このテーマのキャラクターは準備中です。')).toBeTruthy();
  });

  it('selectedGroup, an empty segment, selects nothing; a slug selects its group', () => {
    const category = seasons();

    expect(selectedGroup(category, '')).toBeUndefined();
    expect(selectedGroup(category, 'spring')?.id).toBe('g-spring');
  });
});

describe('groupSegment', () => {
  it('groupSegment, a slug two groups share or an empty one, falls back to the id', () => {
    const a = { id: 'g-2a', name: '二年A組', description: '', slug: 'a', characters: [] };
    const b = { id: 'g-3a', name: '三年A組', description: '', slug: 'a', characters: [] };
    const c = { id: 'g-c', name: 'Club', description: '', slug: 'club', characters: [] };
    const d = { id: 'g-d', name: '部', description: '', slug: '', characters: [] };
    const category = menuCategory({ groups: [a, b, c, d] });

    expect([a, b, c, d].map((g) => groupSegment(category, g))).toEqual(['g-2a', 'g-3a', 'club', 'g-d']);
  });
});

describe('ComingSoonPage', () => {
  it('ComingSoonPage, with a character name, names it and links back to the menu', async () => {
    await renderRoutes(routes, { path: '/coming_soon?name=%E3%82%BD%E3%83%A9' });

    expect(await screen.findByText('「ソラ」はまだ準備中です。公開まで、もう少しお待ちください。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'メインメニューへ戻る' }).getAttribute('href')).toBe('/full/main_menu');
  });

  it('ComingSoonPage, without a name, shows the general text', async () => {
    await renderRoutes(routes, { path: '/coming_soon' });

    expect(
      await screen.findByText('このキャラクターはまだ準備中です。公開まで、もう少しお待ちください。'),
    ).toBeTruthy();
  });
});
