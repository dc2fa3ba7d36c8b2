import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, listItem, renderConsole, scriptedServer } from '../characters/testing.tsx';

describe('AdminHome', () => {
  it('admin home, with two characters (one published) and 7 users, shows the counts and links to each area', async () => {
    scriptedServer({
      [`GET ${API}/characters`]: [200, { ok: true, characters: [listItem(), listItem({ id: 'c2', name: 'ハナコ', published_at: null })], total: 2, page: 1, per_page: 20 }],
      [`GET ${API}/users`]: [200, { ok: true, users: [], total: 7, page: 1, pageSize: 20 }],
    });
    await renderConsole('/ops');
    const characters = (await screen.findByText('2')).closest('a')!;
    expect(characters.getAttribute('href')).toBe('/ops/characters');
    expect(characters.textContent).toContain('キャラクター');
    expect((await screen.findByText('7')).closest('a')?.getAttribute('href')).toBe('/ops/users');
    expect(screen.getByText('公開中のキャラクター').closest('a')?.textContent).toContain('1');
    expect(screen.getByRole('link', { name: /カテゴリーとグループ/ }).getAttribute('href')).toBe('/ops/full/categories');
  });

  it('admin home, the users call refused, still shows the character count and a dash for users', async () => {
    scriptedServer({
      [`GET ${API}/characters`]: [200, { ok: true, characters: [listItem()], total: 1, page: 1, per_page: 20 }],
      [`GET ${API}/users`]: [500, { ok: false, code: 'INTERNAL', message: 'エラー' }],
    });
    await renderConsole('/ops');
    expect(await screen.findByText('—')).toBeTruthy();
    expect(screen.getByText('ユーザー', { selector: '.home-tile__label' }).closest('a')?.textContent).toBe('—ユーザー');
  });
});
