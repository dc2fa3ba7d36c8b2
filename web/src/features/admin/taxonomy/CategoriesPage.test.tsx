import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { category, renderConsoleInShell } from './testing.tsx';

const list = (...categories: ReturnType<typeof category>[]) => [200, { ok: true, categories }] as [number, unknown];
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CategoriesPage', () => {
  it('CategoriesPage, opened from the console, lists categories with slug, group count and a link to their groups', async () => {
    scriptedServer({ [`GET ${API}/full/categories`]: list(category({ group_count: 2 })) });

    await renderConsole('/ops/full/categories');

    const link = await screen.findByRole('link', { name: '学園' });
    expect(link.getAttribute('href')).toBe('/ops/full/categories/cat1/groups');
    expect(screen.getByText(/\/theme\/school · グループ 2 件/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'カテゴリー' }).className).toContain('active');
  });

  it('CategoriesPage, a new category, is sent with the typed fields and a numeric sort order', async () => {
    const server = scriptedServer({
      [`GET ${API}/full/categories`]: list(),
      [`POST ${API}/full/categories`]: [201, { ok: true, category: category() }],
    });
    await renderConsole('/ops/full/categories');
    await screen.findByText('カテゴリーはまだありません。');

    fill('カテゴリー名', 'Love Stories');
    fill('並び順', '5');
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Love Stories',
        description: '',
        sort_order: 5,
      }),
    );
  });

  it("CategoriesPage, invalid input, is refused before sending with the field's message", async () => {
    const server = scriptedServer({ [`GET ${API}/full/categories`]: list() });
    await renderConsole('/ops/full/categories');
    await screen.findByText('カテゴリーはまだありません。');

    fill('カテゴリー名', '恋愛');
    fill('並び順', '1.5');
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    expect(
      await screen.findByText('名前からスラッグを作れません。半角英数字とハイフンで入力してください。'),
    ).toBeTruthy();
    expect(screen.getByText('整数で入力してください。')).toBeTruthy();
    fill('スラッグ（URL名）', 'Bad Slug');
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('半角の小文字・数字・ハイフンで入力してください。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('CategoriesPage, a slug the server says is taken, shows its message on the slug field', async () => {
    const message = 'スラッグ「school」はほかのカテゴリーで使われています。別のスラッグにしてください。';
    scriptedServer({
      [`GET ${API}/full/categories`]: list(),
      [`POST ${API}/full/categories`]: [409, { ok: false, code: 'DUPLICATE_KEY', field: 'slug', message }],
    });
    await renderConsole('/ops/full/categories');
    await screen.findByText('カテゴリーはまだありません。');

    fill('カテゴリー名', 'School');
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(screen.getByLabelText('スラッグ（URL名）').getAttribute('aria-invalid')).toBe('true');
  });

  it("CategoriesPage, deleting a category that still has groups, shows the server's refusal with the groups listed", async () => {
    const server = scriptedServer({
      [`GET ${API}/full/categories`]: list(category({ group_count: 1 })),
      [`DELETE ${API}/full/categories/cat1`]: [
        409,
        {
          ok: false,
          code: 'CATEGORY_NOT_EMPTY',
          message: 'カテゴリー「学園」にはまだグループが1件あります。',
          groups: [{ id: 'g1', name: '二年A組' }],
        },
      ],
    });
    await renderConsoleInShell('/ops/full/categories');

    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('カテゴリー「学園」にはまだグループが1件あります。');
    expect(within(alert).getByText('二年A組')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('CategoriesPage, editing, sends the changed fields and closes the form', async () => {
    const server = scriptedServer({
      [`GET ${API}/full/categories`]: list(category()),
      [`PUT ${API}/full/categories/cat1`]: [200, { ok: true, category: category({ name: '高校' }) }],
    });
    await renderConsole('/ops/full/categories');

    fireEvent.click(await screen.findByRole('button', { name: '編集' }));
    const form = screen.getByRole('button', { name: '保存する' }).closest('form')!;
    fireEvent.change(within(form).getByLabelText('カテゴリー名'), { target: { value: '高校' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: '高校',
        slug: 'school',
        description: '',
        sort_order: 0,
      }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: '保存する' })).toBeNull());
  });
});
