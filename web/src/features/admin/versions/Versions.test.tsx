import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, renderConsole, scriptedServer } from '../characters/testing.tsx';

const live = { published_at: '2026-02-01T00:00:00.000Z', published_version: 4 };
const diff = {
  from_version: 4,
  same: false,
  names: { blocks: { b9: '新しい占い' }, videos: {} },
  blocks: {
    added: [{ id: 'b9', title: '新しい占い' }],
    removed: [],
    changed: [
      {
        id: 'b1',
        title: 'あいさつ',
        fields: [
          { field: 'title', before: 'こんにちは', after: 'あいさつ' },
          { field: 'hit_words', before: [], after: [{ words: ['占い'], block_id: 'b9' }] },
        ],
      },
    ],
  },
  videos: { added: [], removed: [], changed: [] },
  settings: [
    { field: 'hit_word_delay', before: 0, after: 500 },
    { field: 'spj_api_key', before: null, after: null, secret: true },
  ],
  lists: [],
};
const versions = [
  { version: 4, published_at: '2026-02-01T00:00:00.000Z', published_by: 'admin-1', note: '占いを追加', live: true },
  { version: 3, published_at: '2026-01-20T00:00:00.000Z', published_by: 'admin-2', note: '', live: false },
];

function versionsServer(over: { draft_differs?: boolean } = {}, extra: Parameters<typeof scriptedServer>[0] = {}) {
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [
      200,
      { ok: true, character: adminCharacter({ ...live, draft_differs: true, ...over }) },
    ],
    [`GET ${API}/characters/c1/validate`]: [200, { ok: true, faults: [] }],
    [`GET ${API}/characters/c1/diff`]: [200, { ok: true, diff }],
    [`GET ${API}/characters/c1/versions`]: [200, { ok: true, versions }],
    ...extra,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('versions in the console', () => {
  it('detail page, a draft that differs from the live version, shows 未公開の変更あり and the changes in words', async () => {
    versionsServer();
    await renderConsole('/ops/characters/c1');

    const changes = await screen.findByRole('region', { name: '公開中の版 v4 からの変更' });
    expect(screen.getAllByText('未公開の変更あり').length).toBeGreaterThan(0);
    expect(within(changes).getByText('新しい占い')).toBeTruthy();
    expect(within(changes).getByText('タイトル')).toBeTruthy();
    expect(within(changes).getByText('こんにちは → あいさつ')).toBeTruthy();
    expect(within(changes).getByText('ヒットワード')).toBeTruthy();
    // A route reads as its words and the block's title, not as JSON with the block's id.
    expect(within(changes).getByText('（空） → 「占い」で新しい占いへ')).toBeTruthy();
    expect(within(changes).getByText('ヒットワード後の待ち時間（ミリ秒）')).toBeTruthy();
    expect(within(changes).getByText('変更あり（値は表示しません）')).toBeTruthy();
    expect(within(changes).queryByText('hit_words')).toBeNull();
  });

  it('detail page, a draft equal to the live version, shows no badge and says there is nothing to publish', async () => {
    versionsServer({ draft_differs: false });
    await renderConsole('/ops/characters/c1');

    expect(await screen.findByText('公開中の版との違いはありません。')).toBeTruthy();
    expect(screen.queryByText('未公開の変更あり')).toBeNull();
  });

  it('publish, with a note, sends the note with the publish', async () => {
    const server = versionsServer({}, { [`POST ${API}/characters/c1/publish`]: [200, { ok: true }] });
    await renderConsole('/ops/characters/c1');

    fireEvent.change(await screen.findByLabelText('この版のメモ（任意）'), { target: { value: '占いを直した' } });
    fireEvent.click(screen.getByRole('button', { name: '現在の内容で公開し直す' }));

    await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '占いを直した' }));
  });

  it('versions list, restore of v3, asks in a dialog, posts the restore and says what to do next', async () => {
    const server = versionsServer({}, { [`POST ${API}/characters/c1/versions/3/restore`]: [200, { ok: true, diff }] });
    await renderConsole('/ops/characters/c1');

    const row = (await screen.findByText('v3')).closest('tr')!;
    expect(within(row).getByText('admin-2')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'この版を下書きに戻す' }));
    expect(server.calls.some((c) => c.url.endsWith('/restore'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: '下書きに戻す' }));

    expect(await screen.findByText('v3 を下書きに戻しました。内容を確かめて公開してください。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${API}/characters/c1/versions/3/restore`,
    ]);
  });

  it('versions list, compare v3, asks the diff of that version and lists it', async () => {
    const server = versionsServer({}, {});
    await renderConsole('/ops/characters/c1');

    const row = (await screen.findByText('v3')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '今の下書きとの違い' }));

    expect(await screen.findByRole('region', { name: 'v3 から今の下書きへの変更' })).toBeTruthy();
    expect(server.calls.some((c) => c.url === `${API}/characters/c1/diff` && c.method === 'GET')).toBe(true);
  });
});
