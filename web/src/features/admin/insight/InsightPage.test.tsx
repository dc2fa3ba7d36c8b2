import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { block, character } from '../blocks/testing.ts';
import { API, renderConsole } from '../characters/testing.tsx';
import { logsServer } from '../logs/testing.ts';
import { lastDays } from './period.ts';
import { blocksReply, coverage, figures, group, matchedReply, unmatchedReply, via } from './testing.ts';

const PAGE = '/ops/characters/c1/insight';
const ALL = `GET ${API}/characters/c1/all`;
const BLOCKS = `GET ${API}/insight/c1/blocks`;
const UNMATCHED = `GET ${API}/insight/c1/unmatched`;
const MATCHED = `GET ${API}/insight/c1/matched`;
const PUT_B1 = `PUT ${API}/blocks/c1/b1`;
const PUBLISH = `POST ${API}/characters/c1/publish`;

/** 食べ物の話 (b1) listens: ラーメン leads to b2; its legacy list has はい. */
function foodCharacter() {
  return character([
    block('b1', {
      title: '食べ物の話',
      hit_words: [{ words: ['ラーメン'], block_id: 'b2', slot: null }],
      hit_word: 'はい',
    }),
    block('b2', { title: 'ラーメンの話' }),
    block('b3', { title: 'カレーの話' }),
  ]);
}

type Routes = Parameters<typeof logsServer>[0];
function insightServer(routes: Routes = {}) {
  return logsServer({
    [ALL]: [200, { ok: true, character: foodCharacter(), faults: [] }],
    [BLOCKS]: [200, blocksReply([])],
    [UNMATCHED]: [200, unmatchedReply([])],
    [MATCHED]: [200, matchedReply([])],
    ...routes,
  });
}

const rowOf = (title: string) => within(screen.getByRole('link', { name: title }).closest('tr')!);
const blockTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]!.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InsightPage figures', () => {
  it("insight page, opened, asks for the last 7 Japan days and shows coverage and each block's figures with a link to the editor", async () => {
    const server = insightServer({
      [BLOCKS]: [
        200,
        blocksReply([
          figures('b1', {
            entries: 12,
            via: via({ start: 8, hitWord: 4 }),
            completed: 1,
            dropped: 6,
            median_ms: 8_400,
          }),
        ]),
      ],
      [UNMATCHED]: [200, unmatchedReply([], { coverage: coverage({ matched: 30, unmatched: 10, share: 0.75 }) })],
    });

    await renderConsole(PAGE);

    const row = rowOf(await screen.findByText('食べ物の話').then((link) => link.textContent!));
    expect(row.getByRole('link', { name: '食べ物の話' }).getAttribute('href')).toBe(
      '/ops/characters/c1/blocks?block=b1',
    );
    expect(row.getByText('12')).toBeTruthy();
    expect(row.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ヒットワード 4', '開始 8']);
    expect(row.getByText('(50%)').parentElement!.textContent).toBe('6 (50%)');
    expect(row.getByText('8.4 秒')).toBeTruthy();
    expect(screen.getByLabelText('認識できた発話の割合').textContent).toBe('75%');
    expect(screen.getByText('30')).toBeTruthy();
    const asked = server.calls.find((c) => c.url === `${API}/insight/c1/blocks`)!;
    expect(Object.fromEntries(asked.search)).toEqual(lastDays(7));
    expect(screen.getByRole('link', { name: 'インサイト' }).getAttribute('aria-current')).toBe('page');
  });

  it('insight page, steps led by utterances, shows how many were understood by each kind of match', async () => {
    insightServer({
      [BLOCKS]: [
        200,
        blocksReply([figures('b1', { entries: 4 })], {
          matches: { surface: 2, reading: 1, base: 0, synonym: 1, search: 0, score: 0 },
        }),
      ],
    });

    await renderConsole(PAGE);

    const kinds = within(await screen.findByRole('region', { name: '認識のしかた（発話で進んだ回数）' }));
    expect(kinds.getByText('類義語').nextSibling!.textContent).toBe('1 (25%)');
    expect(kinds.getByText('表記どおり').nextSibling!.textContent).toBe('2 (50%)');
  });

  it('insight page, 30 日 chosen, asks for the last 30 days and keeps them in the address', async () => {
    const server = insightServer();
    const { router } = await renderConsole(PAGE);
    await screen.findByText('この期間に入られたブロックはありません。');

    fireEvent.click(screen.getByRole('button', { name: '30日' }));

    await waitFor(() => expect(Object.fromEntries(server.calls.at(-1)!.search)).toMatchObject(lastDays(30)));
    expect(router.state.location.search).toBe(`?from=${lastDays(30).from}&to=${lastDays(30).to}`);
    expect(screen.getByRole('button', { name: '30日' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('block table, sorted by 離脱 then by 滞在時間の中央値, reorders the rows and says so in aria-sort', async () => {
    insightServer({
      [BLOCKS]: [
        200,
        blocksReply([
          figures('b1', { entries: 30, dropped: 1, median_ms: 2000 }),
          figures('b2', { entries: 20, dropped: 9, median_ms: null }),
          figures('b3', { entries: 10, dropped: 3, median_ms: 60_000 }),
        ]),
      ],
    });
    await renderConsole(PAGE);
    await screen.findByText('食べ物の話');
    expect(blockTitles()).toEqual(['食べ物の話', 'ラーメンの話', 'カレーの話']);

    fireEvent.click(screen.getByRole('button', { name: /離脱/ }));
    expect(blockTitles()).toEqual(['ラーメンの話', 'カレーの話', '食べ物の話']);
    expect(screen.getByRole('button', { name: /離脱/ }).closest('th')!.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /滞在時間の中央値/ }));
    expect(blockTitles()).toEqual(['カレーの話', '食べ物の話', 'ラーメンの話']);
    expect(screen.getByText('1 分 00 秒')).toBeTruthy();
  });
});

describe('InsightPage unmatched utterances', () => {
  const curry = group('カレーが好き', {
    count: 5,
    variants: [
      { text: 'カレーが好き', count: 3 },
      { text: 'カレー好き', count: 2 },
    ],
    blocks: [
      { block_id: 'b1', count: 4 },
      { block_id: 'b2', count: 1 },
    ],
  });

  it('unmatched list, a resolved group, is hidden until 解決済みも表示 and then offers no fix', async () => {
    insightServer({ [UNMATCHED]: [200, unmatchedReply([curry, group('ラーメンください', { resolved: true })])] });
    await renderConsole(PAGE);
    await screen.findByText('カレーが好き');
    expect(screen.queryByText('ラーメンください')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '解決済みも表示（1 件）' }));

    const item = within(screen.getByText('ラーメンください').closest('li')!);
    expect(item.getByText('解決済み：公開中のヒットワードか類義語で答えられます')).toBeTruthy();
    expect(item.queryByRole('button', { name: 'ヒットワードに追加' })).toBeNull();
  });

  it('unmatched list, utterances that asked for serial-locked content, are listed apart and counted apart in the coverage', async () => {
    insightServer({
      [UNMATCHED]: [
        200,
        unmatchedReply([curry], {
          locked_groups: [group('ひみつを教えて', { count: 2 })],
          coverage: coverage({ unmatched: 5, locked: 2 }),
        }),
      ],
    });
    await renderConsole(PAGE);

    const locked = (await screen.findByText('シリアルで解放される内容を求めた発話（2 件）')).closest('details')!;
    expect(within(locked).getByText('ひみつを教えて')).toBeTruthy();
    expect(screen.getByText('シリアル限定の内容').nextElementSibling?.textContent).toBe('2');
  });

  it('unmatched list, a group, shows its count, where it was said and its variants folded', async () => {
    insightServer({ [UNMATCHED]: [200, unmatchedReply([curry])] });
    await renderConsole(PAGE);

    const item = within((await screen.findByText('カレーが好き')).closest('li')!);
    expect(item.getByText('5 回')).toBeTruthy();
    expect(item.getByText('食べ物の話 ×4')).toBeTruthy();
    expect(item.getByText('ラーメンの話 ×1')).toBeTruthy();
    expect(item.getByText('言い方 2 通り').closest('details')!.open).toBe(false);
    expect(item.getByText('「カレー好き」 ×2')).toBeTruthy();
  });

  it("ヒットワードに追加, a lead-to block chosen, PUTs the block's routes with the new one and offers 公開する, which publishes", async () => {
    const server = insightServer({
      [UNMATCHED]: [200, unmatchedReply([curry])],
      [PUT_B1]: (call) => [200, { ok: true, block: { ...foodCharacter().blocks[0], ...(call.body as object) } }],
      [PUBLISH]: [200, { ok: true }],
    });
    await renderConsole(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'ヒットワードに追加' }));
    const form = within(screen.getByRole('form', { name: 'ヒットワードに追加' }));
    expect((form.getByLabelText('聞き取るブロック') as HTMLSelectElement).value).toBe('b1');
    expect((form.getByLabelText('ヒットしたら進むブロック') as HTMLSelectElement).value).toBe('b2');

    fireEvent.change(form.getByLabelText('ヒットしたら進むブロック'), { target: { value: 'b3' } });
    fireEvent.click(form.getByRole('button', { name: '追加する' }));

    expect(
      await screen.findByText('「カレーが好き」を「食べ物の話」のヒットワード（→「カレーの話」）に追加しました。'),
    ).toBeTruthy();
    expect(server.bodiesOf(`${API}/blocks/c1/b1`)).toEqual([
      {
        hit_words: [
          { words: ['ラーメン'], block_id: 'b2', slot: null },
          { words: ['カレーが好き'], block_id: 'b3', slot: null },
        ],
      },
    ]);
    expect(screen.getByText('この変更は公開するまで利用者には届きません。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '公開する' }));
    expect(await screen.findByText('公開しました。利用者との会話に反映されます。')).toBeTruthy();
    expect(server.calls.filter((c) => c.url === `${API}/characters/c1/publish`)).toHaveLength(1);
  });

  it('検索フレーズに追加, shortened to カレー, PUTs the legacy list with the phrase appended', async () => {
    const server = insightServer({
      [UNMATCHED]: [200, unmatchedReply([curry])],
      [PUT_B1]: (call) => [200, { ok: true, block: { ...foodCharacter().blocks[0], ...(call.body as object) } }],
    });
    await renderConsole(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: '検索フレーズに追加' }));
    const form = within(screen.getByRole('form', { name: '検索フレーズに追加' }));

    fireEvent.change(form.getByLabelText('追加する言葉'), { target: { value: 'カレー' } });
    fireEvent.click(form.getByRole('button', { name: '追加する' }));

    expect(await screen.findByText('「カレー」を「食べ物の話」の検索フレーズに追加しました。')).toBeTruthy();
    expect(server.bodiesOf(`${API}/blocks/c1/b1`)).toEqual([{ hit_word: 'はい,カレー' }]);
    expect(screen.getByRole('button', { name: '公開する' })).toBeTruthy();
  });

  it("ヒットワードに追加, the block locked (409 BLOCK_LOCKED), shows the server's message and offers no publishing", async () => {
    const locked = 'ブロック「b1」はロックされています。ロックを解除してから編集してください。';
    insightServer({
      [UNMATCHED]: [200, unmatchedReply([curry])],
      [PUT_B1]: [409, { ok: false, code: 'BLOCK_LOCKED', error: 'Conflict', message: locked }],
    });
    await renderConsole(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'ヒットワードに追加' }));

    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    expect((await screen.findByRole('alert')).textContent).toBe(locked);
    expect(screen.queryByRole('button', { name: '公開する' })).toBeNull();
  });

  it('公開する, refused (409 CHARACTER_INVALID), shows the message and the faults', async () => {
    insightServer({
      [UNMATCHED]: [200, unmatchedReply([curry])],
      [PUT_B1]: (call) => [200, { ok: true, block: { ...foodCharacter().blocks[0], ...(call.body as object) } }],
      [PUBLISH]: [
        409,
        {
          ok: false,
          code: 'CHARACTER_INVALID',
          message: '不備があるため公開できません。',
          faults: [{ code: 'MISSING_VIDEO', message: 'ブロック「b3」の動画がありません。', blockId: 'b3' }],
        },
      ],
    });
    await renderConsole(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: '検索フレーズに追加' }));
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));
    fireEvent.click(await screen.findByRole('button', { name: '公開する' }));

    expect((await screen.findByRole('alert')).textContent).toBe('不備があるため公開できません。');
    expect(screen.getByText('ブロック「b3」の動画がありません。')).toBeTruthy();
  });

  it('ヒットワードに追加, the word already a hit word of that route, says so and sends nothing', async () => {
    const server = insightServer({ [UNMATCHED]: [200, unmatchedReply([group('ラーメン')])] });
    await renderConsole(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'ヒットワードに追加' }));

    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    expect(await screen.findByText('「ラーメン」はすでに「食べ物の話」にあります。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("block filter, a block chosen, asks for that block's utterances", async () => {
    const server = insightServer();
    await renderConsole(PAGE);
    await screen.findByText('この期間に認識できなかった発話はありません。');

    fireEvent.change(screen.getByLabelText('ブロック'), { target: { value: 'b2' } });

    await waitFor(() => expect(server.calls.at(-1)!.search.get('block_id')).toBe('b2'));
    expect(server.calls.at(-1)!.url).toBe(`${API}/insight/c1/unmatched`);
  });
});
