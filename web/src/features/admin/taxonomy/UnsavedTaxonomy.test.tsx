import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { category, group } from './testing.tsx';

const UNSAVED = '保存していない変更があります。移動すると変更は失われます。移動しますか？';

function categoriesServer() {
  return scriptedServer({
    [`GET ${API}/full/categories`]: [200, { ok: true, categories: [category({ name_i18n: { 'en-US': 'School' } })] }],
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unsaved category and group forms', () => {
  it("CategoryForm, a new category's name typed and a category's link clicked, asks; staying keeps the name", async () => {
    categoriesServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/full/categories');
    const link = await screen.findByRole('link', { name: '学園' });
    fireEvent.change(screen.getByLabelText('カテゴリー名'), { target: { value: '恋愛' } });

    fireEvent.click(link);

    expect(confirm).toHaveBeenCalledWith(UNSAVED);
    expect((screen.getByLabelText('カテゴリー名') as HTMLInputElement).value).toBe('恋愛');
  });

  it('CategoryForm, editing with only a translation changed, asks before a link is followed', async () => {
    categoriesServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/full/categories');
    fireEvent.click(await screen.findByRole('button', { name: '編集' }));
    const editing = screen.getByRole('listitem');
    fireEvent.change(within(editing).getByLabelText('カテゴリー名（en-US）'), { target: { value: 'Campus' } });

    fireEvent.click(screen.getByRole('link', { name: 'ログ' }));

    expect(confirm).toHaveBeenCalledWith(UNSAVED);
    expect((within(editing).getByLabelText('カテゴリー名（en-US）') as HTMLInputElement).value).toBe('Campus');
  });

  it('CategoryForm, an emptied translation input that was empty before, is no change and asks nothing', async () => {
    scriptedServer({ [`GET ${API}/full/categories`]: [200, { ok: true, categories: [category()] }] });
    const confirm = vi.spyOn(window, 'confirm');
    await renderConsole('/ops/full/categories');
    fireEvent.change(screen.getByLabelText('カテゴリー名（en-US）'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('カテゴリー名（en-US）'), { target: { value: '' } });

    fireEvent.click(await screen.findByRole('link', { name: '学園' }));

    await vi.waitFor(() => expect(screen.queryByLabelText('カテゴリー名')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
  });

  it("GroupForm, a new group's name typed, asks the browser before the tab is closed", async () => {
    scriptedServer({
      [`GET ${API}/full/categories/cat1`]: [200, { ok: true, category: category() }],
      [`GET ${API}/full/categories/cat1/groups`]: [200, { ok: true, groups: [group()] }],
      [`GET ${API}/full/groups/g1/characters`]: [200, { ok: true, group: group(), characters: [] }],
      [`GET ${API}/full/characters`]: [200, { ok: true, characters: [] }],
    });
    await renderConsole('/ops/full/categories/cat1/groups');
    const name = (await screen.findAllByLabelText('グループ名')).at(-1)!;
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    fireEvent.change(name, { target: { value: '三年B組' } });
    const after = new Event('beforeunload', { cancelable: true });

    window.dispatchEvent(after);

    expect(before.defaultPrevented).toBe(false);
    expect(after.defaultPrevented).toBe(true);
  });
});
