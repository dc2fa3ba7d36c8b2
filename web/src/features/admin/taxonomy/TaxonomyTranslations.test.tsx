import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { category, group } from './testing.tsx';

const list = (...categories: ReturnType<typeof category>[]) => [200, { ok: true, categories }] as [number, unknown];

describe('category and group translations in the console', () => {
  it('when a new category has its name drafted into en-US from the Japanese and typed in zh-TW, both are sent beside the name', async () => {
    const server = scriptedServer({
      [`GET ${API}/full/categories`]: list(),
      [`POST ${API}/translate`]: [200, { ok: true, text: 'School', target: 'en-US', available: true }],
      [`POST ${API}/full/categories`]: [201, { ok: true, category: category() }],
    });
    await renderConsole('/ops/full/categories');
    await screen.findByText('カテゴリーはまだありません。');

    fireEvent.change(screen.getByLabelText('カテゴリー名'), { target: { value: '学園' } });
    fireEvent.change(screen.getByLabelText('スラッグ（URL名）'), { target: { value: 'school' } });
    fireEvent.click(screen.getByRole('button', { name: 'カテゴリー名を en-US に翻訳して下書き' }));
    await vi.waitFor(() =>
      expect((screen.getByLabelText('カテゴリー名（en-US）') as HTMLInputElement).value).toBe('School'),
    );
    fireEvent.change(screen.getByLabelText('カテゴリー名（zh-TW）'), { target: { value: '學園' } });
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/full/categories'))?.body).toMatchObject({
        name: '学園',
        name_i18n: { 'en-US': 'School', 'zh-TW': '學園' },
      }),
    );
    expect(server.calls.find((c) => c.url.endsWith('/translate'))?.body).toEqual({ text: '学園', target: 'en-US' });
  });

  it('when a group is edited, its saved translations are shown and a cleared one is sent empty', async () => {
    const saved = group({ name_i18n: { 'en-US': 'Class 2-A' }, description_i18n: { 'en-US': 'Second years' } });
    const server = scriptedServer({
      [`GET ${API}/full/categories/cat1`]: [200, { ok: true, category: category() }],
      [`GET ${API}/full/categories/cat1/groups`]: [200, { ok: true, groups: [saved] }],
      [`PUT ${API}/full/groups/g1`]: [200, { ok: true, group: saved }],
    });
    await renderConsole('/ops/full/categories/cat1/groups');

    fireEvent.click(await screen.findByRole('button', { name: '編集' }));
    const form = screen.getByRole('button', { name: '保存する' }).closest('form')!;
    expect((within(form).getByLabelText('グループ名（en-US）') as HTMLInputElement).value).toBe('Class 2-A');
    fireEvent.change(within(form).getByLabelText('グループ名（en-US）'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        name_i18n: { 'en-US': '' },
        description_i18n: { 'en-US': 'Second years' },
      }),
    );
  });
});
