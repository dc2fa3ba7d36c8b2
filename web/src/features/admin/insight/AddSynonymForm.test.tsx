import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { block, character } from '../blocks/testing.ts';
import { API, renderConsole } from '../characters/testing.tsx';
import { logsServer } from '../logs/testing.ts';
import { group, unmatchedReply, blocksReply } from './testing.ts';

const PAGE = '/ops/characters/c1/insight';
const SYNONYMS = `PUT ${API}/characters/c1/synonyms`;

/** 食べ物の話 (b1) listens for ラーメン (→ b2); 旅行の話 (b3) for 旅行, which already has the synonym 旅. */
function foodCharacter() {
  return character(
    [
      block('b1', { title: '食べ物の話', hit_words: [{ words: ['ラーメン'], block_id: 'b2', slot: null }] }),
      block('b2', { title: 'ラーメンの話' }),
      block('b3', { title: '旅行の話', hit_words: [{ words: ['旅行'], block_id: 'b2', slot: null }] }),
    ],
    { synonyms: [{ word: '旅行', synonyms: ['旅'] }] },
  );
}

function insightServer(routes: Parameters<typeof logsServer>[0] = {}) {
  return logsServer({
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: foodCharacter(), faults: [] }],
    [`GET ${API}/insight/c1/blocks`]: [200, blocksReply([])],
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('insight: 類義語に追加', () => {
  it("類義語に追加, an utterance said in 旅行の話 and the hit word 旅行 chosen, PUTs it after 旅行's synonyms and offers 公開する", async () => {
    const server = insightServer({
      [`GET ${API}/insight/c1/unmatched`]: [
        200,
        unmatchedReply([group('おでかけ', { blocks: [{ block_id: 'b3', count: 2 }] })]),
      ],
      [SYNONYMS]: (call) => [200, { ok: true, synonyms: [call.body] }],
    });
    await renderConsole(PAGE);

    fireEvent.click(await screen.findByRole('button', { name: '類義語に追加' }));
    const form = within(screen.getByRole('form', { name: '類義語に追加' }));
    expect((form.getByLabelText('どのヒットワードの類義語にするか') as HTMLSelectElement).value).toBe('旅行');
    fireEvent.click(form.getByRole('button', { name: '追加する' }));

    expect(await screen.findByText('「おでかけ」を「旅行」の類義語に追加しました。')).toBeTruthy();
    expect(server.bodiesOf(`${API}/characters/c1/synonyms`)).toEqual([{ word: '旅行', synonyms: ['旅', 'おでかけ'] }]);
    expect(screen.getByRole('button', { name: '公開する' })).toBeTruthy();
  });

  it('類義語に追加, the utterance already a synonym of the chosen word, says so and sends nothing', async () => {
    const server = insightServer({
      [`GET ${API}/insight/c1/unmatched`]: [
        200,
        unmatchedReply([group('旅', { blocks: [{ block_id: 'b3', count: 1 }] })]),
      ],
    });
    await renderConsole(PAGE);

    fireEvent.click(await screen.findByRole('button', { name: '類義語に追加' }));
    fireEvent.click(screen.getByRole('button', { name: '追加する' }));

    expect(await screen.findByText('「旅」はすでに「旅行」の類義語です。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
