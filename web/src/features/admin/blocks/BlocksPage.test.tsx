import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { block, character } from './testing.ts';

/** The page through the whole console (its routes, base and texts), in the list view: the graph canvas needs a real layout engine. */
function editorServer() {
  return scriptedServer({
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: character([block('b1')]), faults: [] }],
  });
}

const sections = () => screen.getByRole('navigation', { name: 'キャラクターの画面' });

describe('BlocksPage', () => {
  it('BlocksPage, the blocks of a character, shows the trail to the list and the character tabs with ブロック active', async () => {
    editorServer();
    await renderConsole('/ops/characters/c1/blocks?view=list');

    expect(await screen.findByText('タイトルb1')).toBeTruthy();
    const name = screen.getByTitle('c1');
    expect(name.textContent).toBe('テスト');
    const trail = name.closest<HTMLElement>('.admin-crumbs')!;
    expect(within(trail).getByRole('link', { name: 'キャラクター' }).getAttribute('href')).toBe('/ops/characters');
    const tabs = within(sections());
    expect(tabs.getByRole('link', { name: 'ブロック' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: '初期設定' }).getAttribute('href')).toBe('/ops/characters/c1/initialSetting');
    expect(tabs.getByRole('link', { name: '基本情報' }).getAttribute('href')).toBe('/ops/characters/c1');
  });

  it('BlocksPage, a new block, keeps the character tabs with ブロック active above the panel', async () => {
    editorServer();
    await renderConsole('/ops/characters/c1/blocks/new?view=list');

    expect(await screen.findByRole('complementary', { name: 'ブロックの編集' })).toBeTruthy();
    expect(within(sections()).getByRole('link', { name: 'ブロック' }).getAttribute('aria-current')).toBe('page');
  });

  it('BlocksPage, a character that cannot be loaded, still shows the tabs beside the error', async () => {
    scriptedServer({
      [`GET ${API}/characters/c1/all`]: [
        404,
        { ok: false, code: 'NOT_FOUND', message: 'キャラクターが見つかりません。' },
      ],
    });
    await renderConsole('/ops/characters/c1/blocks');

    expect(await screen.findByText('キャラクターが見つかりません。')).toBeTruthy();
    fireEvent.click(within(sections()).getByRole('link', { name: '基本情報' }));
    expect(screen.queryByText('キャラクターが見つかりません。')).toBeNull();
  });
});
