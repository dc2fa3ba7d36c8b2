import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { block, character } from '../blocks/testing.ts';
import { adminCharacter, API, renderConsole } from '../characters/testing.tsx';
import { logsServer } from '../logs/testing.ts';
import { blocksReply, group, matchedReply, unmatchedReply } from './testing.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** 食べ物の話 (b1) listens; the server marks カレーが好き resolved once a publish has happened. */
function fixServer() {
  let published = false;
  const server = logsServer({
    [`GET ${API}/characters/c1/all`]: [
      200,
      { ok: true, character: character([block('b1', { title: '食べ物の話' })]), faults: [] },
    ],
    [`GET ${API}/insight/c1/blocks`]: [200, blocksReply([])],
    [`GET ${API}/insight/c1/matched`]: [200, matchedReply([])],
    [`GET ${API}/insight/c1/unmatched`]: () => [
      200,
      unmatchedReply([group('カレーが好き', { resolved: published }), group('おすしが好き')]),
    ],
    [`PUT ${API}/blocks/c1/b1`]: (call) => [200, { ok: true, block: { ...block('b1'), ...(call.body as object) } }],
    [`POST ${API}/characters/c1/publish`]: () => {
      published = true;
      return [200, { ok: true }];
    },
  });
  return server;
}

/** As fixServer, but the insight hears of the publish late: the first read after it still judges by version 1. */
function lateInsightServer() {
  let publishedVersion = 1;
  let readsSincePublish = 0;
  return logsServer({
    [`GET ${API}/characters/c1`]: () => [
      200,
      { ok: true, character: adminCharacter({ id: 'c1', published_version: publishedVersion }) },
    ],
    [`GET ${API}/characters/c1/all`]: [
      200,
      { ok: true, character: character([block('b1', { title: '食べ物の話' })]), faults: [] },
    ],
    [`GET ${API}/insight/c1/blocks`]: [200, blocksReply([])],
    [`GET ${API}/insight/c1/matched`]: [200, matchedReply([])],
    [`GET ${API}/insight/c1/unmatched`]: () => {
      const caughtUp = publishedVersion === 2 && ++readsSincePublish > 1;
      return [
        200,
        unmatchedReply([group('カレーが好き', { resolved: caughtUp }), group('おすしが好き')], {
          recognition_version: caughtUp ? 2 : 1,
        }),
      ];
    },
    [`PUT ${API}/blocks/c1/b1`]: (call) => [200, { ok: true, block: { ...block('b1'), ...(call.body as object) } }],
    [`POST ${API}/characters/c1/publish`]: () => {
      publishedVersion = 2;
      return [200, { ok: true }];
    },
  });
}

/** On the insight page: adds the group 「カレーが好き」 as a search phrase, then publishes (the act of these tests). */
async function addCurryPhraseAndPublish() {
  await renderConsole('/ops/characters/c1/insight');
  const curry = (await screen.findByText('カレーが好き')).closest('li')!;
  fireEvent.click(within(curry).getByRole('button', { name: '検索フレーズに追加' }));
  fireEvent.click(await screen.findByRole('button', { name: '追加する' }));
  fireEvent.click(await screen.findByRole('button', { name: '公開する' }));
}

describe('InsightPage fix published', () => {
  it('unmatched list, a fix published while the insight still judges by the version before, reads the groups again until it caught up, then says the group moved to resolved', async () => {
    const server = lateInsightServer();
    await addCurryPhraseAndPublish();

    const moved = await screen.findByText(/解決済みに移しました/, undefined, { timeout: 5000 });
    expect(moved.closest('[role=status]')?.textContent).toContain('カレーが好き');
    const reads = server.calls.filter((c) => c.url === `${API}/insight/c1/unmatched`).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reads).toBe(3);
    expect(server.calls.filter((c) => c.url === `${API}/insight/c1/unmatched`)).toHaveLength(3);
  });

  it('unmatched list, a fix published from a group, hides the group at once and says it moved to resolved', async () => {
    const server = fixServer();
    await addCurryPhraseAndPublish();

    const moved = (await screen.findByText(/解決済みに移しました/)).closest<HTMLElement>('[role=status]')!;
    expect(moved.textContent).toBe(
      '公開しました。次の発話は答えられるようになったので、解決済みに移しました：カレーが好き',
    );
    // Named in the notice only: its group left the list.
    expect(screen.getAllByText('カレーが好き')).toEqual([within(moved).getByText('カレーが好き')]);
    expect(screen.getByText('おすしが好き')).toBeTruthy();
    expect(screen.getByRole('button', { name: '解決済みも表示（1 件）' })).toBeTruthy();
    expect(server.calls.filter((c) => c.url === `${API}/insight/c1/unmatched`)).toHaveLength(2);
  });
});
