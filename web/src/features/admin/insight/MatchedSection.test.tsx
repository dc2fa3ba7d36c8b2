import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { block, character } from '../blocks/testing.ts';
import { API, renderConsole } from '../characters/testing.tsx';
import { logsServer } from '../logs/testing.ts';
import { blocksReply, group, matchedGroup, matchedReply, unmatchedReply } from './testing.ts';

const PAGE = '/ops/characters/c1/insight';
const MATCHED_PATH = `${API}/insight/c1/matched`;

type Routes = Parameters<typeof logsServer>[0];

/** 食べ物の話 (b1) listens; ごはんの話 (b2) and 旅行の話 (b3) are where utterances lead. */
function insightServer(routes: Routes) {
  return logsServer({
    [`GET ${API}/characters/c1/all`]: [
      200,
      {
        ok: true,
        character: character([
          block('b1', { title: '食べ物の話' }),
          block('b2', { title: 'ごはんの話' }),
          block('b3', { title: '旅行の話' }),
        ]),
        faults: [],
      },
    ],
    [`GET ${API}/insight/c1/blocks`]: [200, blocksReply([])],
    [`GET ${API}/insight/c1/unmatched`]: [200, unmatchedReply([])],
    ...routes,
  });
}

const understood = () => within(screen.getByRole('region', { name: '認識できた発話' }));
const rowTexts = () =>
  understood()
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const lastMatchedAsk = (server: ReturnType<typeof logsServer>) =>
  Object.fromEntries(server.calls.filter((c) => c.url === MATCHED_PATH).at(-1)!.search);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MatchedSection', () => {
  it('insight page, understood utterances, lists each as said → block, how, the word, synonym or score, and how often', async () => {
    const server = insightServer({
      [`GET ${MATCHED_PATH}`]: [
        200,
        matchedReply([
          matchedGroup('御飯', {
            count: 12,
            match: 'reading',
            word: 'ごはん',
            variants: [
              { text: '御飯', count: 10 },
              { text: '御飯！', count: 2 },
            ],
          }),
          matchedGroup('お腹すいた', { count: 3, match: 'synonym', word: '食べ物', synonym: 'お腹すいた' }),
          matchedGroup('遠くへ行きたい', {
            block_id: 'b3',
            match: 'search',
            word: null,
            score: { mean: 2.5, max: 3.125 },
          }),
        ]),
      ],
    });

    await renderConsole(PAGE);
    await screen.findByText('御飯');

    expect(rowTexts()).toEqual([
      ['御飯（言い方 2 通り）', '→ ごはんの話', '読み', '「ごはん」', '12 回'],
      ['お腹すいた', '→ ごはんの話', '類義語', '類義語「お腹すいた」→「食べ物」', '3 回'],
      ['遠くへ行きたい', '→ 旅行の話', '検索', '平均 2.50（最高 3.13）', '1 回'],
    ]);
    expect(lastMatchedAsk(server)).toMatchObject({ sort: 'count', page: '1', per_page: '50' });
  });

  it('matched list, the count header clicked, asks least said first and says so in aria-sort', async () => {
    const server = insightServer({ [`GET ${MATCHED_PATH}`]: [200, matchedReply([matchedGroup('ラーメン')])] });
    await renderConsole(PAGE);
    await screen.findByText('ラーメン');

    fireEvent.click(understood().getByRole('button', { name: /回数/ }));

    await waitFor(() => expect(lastMatchedAsk(server)).toMatchObject({ sort: 'count_asc' }));
    expect(understood().getByRole('columnheader', { name: /回数/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('matched list, 120 groups, pages on with 次へ and starts again at page 1 when a way of matching is chosen', async () => {
    const server = insightServer({
      [`GET ${MATCHED_PATH}`]: (call) => {
        // logsServer hands the route the call with its query (RecordedCall does not type it).
        const page = Number((call as typeof call & { search: URLSearchParams }).search.get('page'));
        return [200, matchedReply([matchedGroup(`発話${page}`)], { total: 120, page })];
      },
    });
    await renderConsole(PAGE);
    await screen.findByText('120 件中 1〜50 件');

    fireEvent.click(understood().getByRole('button', { name: '次へ' }));
    await screen.findByText('120 件中 51〜100 件');
    fireEvent.change(understood().getByLabelText('認識のしかた'), { target: { value: 'reading' } });

    await waitFor(() => expect(lastMatchedAsk(server)).toMatchObject({ match: 'reading', page: '1' }));
    expect(server.calls.filter((c) => c.url === MATCHED_PATH).map((c) => c.search.get('page'))).toContain('2');
  });

  it('unmatched group, reported with a near search hit, shows the block it nearly reached and the score', async () => {
    insightServer({
      [`GET ${API}/insight/c1/unmatched`]: [
        200,
        unmatchedReply([group('遠くに行きたい', { best_score: 0.9, nearest_block_id: 'b3' }), group('えっと')]),
      ],
      [`GET ${MATCHED_PATH}`]: [200, matchedReply([])],
    });

    await renderConsole(PAGE);

    expect(await screen.findByText('検索でいちばん近かったブロック：旅行の話（スコア 0.90、足りず）')).toBeTruthy();
    expect(screen.getAllByText(/いちばん近かった|いちばん高かった/)).toHaveLength(1);
  });
});
