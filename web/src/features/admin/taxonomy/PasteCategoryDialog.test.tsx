import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { category } from './testing.tsx';

const PASTE = `${API}/categories/cat1/paste`;

const plan = {
  ok: true,
  source: { id: 'cat1', name: '学園', slug: 'school' },
  category: {
    name: '学園のコピー',
    slug: 'school-copy',
    description: '',
    name_i18n: { 'en-US': 'School' },
    sort_order: 3,
  },
  groups: [
    {
      source_group_id: 'g1',
      name: '二年A組',
      description: '',
      sort_order: 0,
      characters: [
        { id: 'yui', name: 'ユイ' },
        { id: 'ren', name: 'レン' },
      ],
    },
    { source_group_id: 'g2', name: '演劇部', description: '', sort_order: 1, characters: [] },
  ],
};

function pasteServer(preview: [number, unknown] = [200, plan]) {
  return scriptedServer({
    [`GET ${API}/full/categories`]: [200, { ok: true, categories: [category({ group_count: 2 })] }],
    [`POST ${PASTE}/preview`]: preview,
    [`POST ${PASTE}`]: [
      201,
      { ok: true, category: category({ id: 'cat2', name: '学園のコピー', slug: 'school-copy' }) },
    ],
  });
}

async function openPaste() {
  fireEvent.click(await screen.findByRole('button', { name: '複製' }));
  return within(await screen.findByRole('dialog', { name: '「学園」を複製' }));
}

const pasted = (server: ReturnType<typeof pasteServer>) =>
  server.calls.some((c) => c.method === 'POST' && c.url === PASTE);

describe('PasteCategoryDialog', () => {
  it("PasteCategoryDialog, 複製 pressed, shows the server's plan (name, menu URL, groups, characters that stay) and pastes nothing yet", async () => {
    const server = pasteServer();
    await renderConsole('/ops/full/categories');

    const dialog = await openPaste();

    expect(await dialog.findByText('学園のコピー')).toBeTruthy();
    expect(dialog.getByText('/theme/school-copy')).toBeTruthy();
    expect(dialog.getByText('en-US: School')).toBeTruthy();
    expect(dialog.getByText('作られるグループ（2 件）')).toBeTruthy();
    expect(
      dialog.getByText('ユイ、レン はもとの「二年A組」に残ります。コピーのグループは空で作られます。'),
    ).toBeTruthy();
    expect(dialog.getByText('キャラクターはいません。')).toBeTruthy();
    expect(pasted(server)).toBe(false);
  });

  it('PasteCategoryDialog, confirmed, pastes once and closes', async () => {
    const server = pasteServer();
    await renderConsole('/ops/full/categories');
    const dialog = await openPaste();
    await dialog.findByText('学園のコピー');

    fireEvent.click(dialog.getByRole('button', { name: '複製する' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((c) => c.method === 'POST' && c.url === PASTE)).toHaveLength(1);
  });

  it('PasteCategoryDialog, cancelled, pastes nothing', async () => {
    const server = pasteServer();
    await renderConsole('/ops/full/categories');
    const dialog = await openPaste();
    await dialog.findByText('学園のコピー');

    fireEvent.click(dialog.getByRole('button', { name: 'キャンセル' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pasted(server)).toBe(false);
  });

  it("PasteCategoryDialog, the preview refused, shows the server's message and does not paste when confirmed", async () => {
    const server = pasteServer([404, { ok: false, code: 'NOT_FOUND', message: 'カテゴリーが見つかりません。' }]);
    await renderConsole('/ops/full/categories');
    const dialog = await openPaste();

    expect(await dialog.findByText('カテゴリーが見つかりません。')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '複製する' }));

    expect(await dialog.findByText('複製の内容を確かめてから複製してください。')).toBeTruthy();
    expect(pasted(server)).toBe(false);
  });
});
