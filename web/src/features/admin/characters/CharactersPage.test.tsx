import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, listItem, renderConsole, scriptedServer } from './testing.tsx';

const list = (characters: unknown[]) =>
  [200, { ok: true, characters, total: characters.length, page: 1, per_page: 20 }] as [number, unknown];

describe('CharactersPage', () => {
  it('characters list, answered with ミライ, shows her name, slug, counts and published version', async () => {
    scriptedServer({ [`GET ${API}/characters`]: list([listItem()]) });
    await renderConsole('/ops/characters');
    const row = (await screen.findByText('ミライ')).closest('tr')!;
    expect(within(row).getByText('mirai')).toBeTruthy();
    expect(within(row).getByText('公開中 v1')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/ops/characters/mirai');
  });

  it('characters list, typed search and more than one page, asks the server for the name and the next page', async () => {
    const server = scriptedServer({
      [`GET ${API}/characters`]: [200, { ok: true, characters: [listItem()], total: 45, page: 1, per_page: 20 }],
    });
    await renderConsole('/ops/characters');
    fireEvent.change(await screen.findByLabelText('名前で検索'), { target: { value: 'ミ' } });
    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThanOrEqual(3));
    const urls = (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls.map(
      ([request]) => new URL(request.url).search,
    );
    expect(urls).toContain('?page=2&q=%E3%83%9F');
  });

  it('new character form, submitted without a name, says so beside the field and sends nothing', async () => {
    const server = scriptedServer({ [`GET ${API}/characters`]: list([]) });
    await renderConsole('/ops/characters');
    fireEvent.click(await screen.findByRole('button', { name: '新しいキャラクター' }));
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('入力してください。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('new character form, a slug with capitals and spaces, is refused by the shared schema before any call', async () => {
    const server = scriptedServer({ [`GET ${API}/characters`]: list([]) });
    await renderConsole('/ops/characters');
    fireEvent.click(await screen.findByRole('button', { name: '新しいキャラクター' }));
    fireEvent.change(screen.getByLabelText('名前'), { target: { value: 'ハナコ' } });
    fireEvent.change(screen.getByLabelText('スラッグ（URL 名）'), { target: { value: 'Hana ko' } });
    fireEvent.change(screen.getByLabelText('価格（円）'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('形式が正しくありません（説明の書式で入力してください）。')).toBeTruthy();
    expect(screen.getByText('0 以上の値を入力してください。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('new character form, the server answers a duplicate slug, shows its message beside the slug field', async () => {
    scriptedServer({
      [`GET ${API}/characters`]: list([]),
      [`POST ${API}/characters`]: [
        409,
        { ok: false, code: 'DUPLICATE_KEY', field: 'slug', message: 'このスラッグは既に使われています。' },
      ],
    });
    await renderConsole('/ops/characters');
    fireEvent.click(await screen.findByRole('button', { name: '新しいキャラクター' }));
    fireEvent.change(screen.getByLabelText('名前'), { target: { value: 'ハナコ' } });
    fireEvent.change(screen.getByLabelText('スラッグ（URL 名）'), { target: { value: 'mirai' } });
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    const message = await screen.findByText('このスラッグは既に使われています。');
    expect(message.closest('.field')?.querySelector('input')?.getAttribute('name')).toBe('slug');
  });

  it('new character form, accepted, posts the name without an empty slug and opens the new character', async () => {
    const server = scriptedServer({
      [`GET ${API}/characters`]: list([]),
      [`POST ${API}/characters`]: [201, { ok: true, character: adminCharacter({ id: 'c9', name: 'ハナコ' }) }],
      [`GET ${API}/characters/c9`]: [200, { ok: true, character: adminCharacter({ id: 'c9', name: 'ハナコ' }) }],
      [`GET ${API}/characters/c9/validate`]: [200, { ok: true, faults: [] }],
    });
    const { router } = await renderConsole('/ops/characters');
    fireEvent.click(await screen.findByRole('button', { name: '新しいキャラクター' }));
    fireEvent.change(screen.getByLabelText('名前'), { target: { value: ' ハナコ ' } });
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/ops/characters/c9'));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'ハナコ', description: '' });
    expect(await screen.findByRole('heading', { name: 'ハナコ' })).toBeTruthy();
  });
});
