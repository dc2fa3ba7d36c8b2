import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { dialogueService } from '../index.ts';
import { newId } from '../talks/test-kit.ts';
import { openInsightSteps } from './model.ts';
import { insightTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = insightTestKit(() => svc);
const DAY = 24 * 60 * 60 * 1000;

interface Said {
  block: string;
  text: string;
  via?: string;
  match?: string;
  match_word?: string;
  match_synonym?: string;
  match_score?: number;
}

/** One user's tracked steps into `character`'s blocks, each as the player sends it (the step's utterance and how it matched). */
async function track(characterId: string, steps: Said[]): Promise<void> {
  const user = newId('u');
  await kit.known(characterId);
  for (const { block, text, via = 'hitWord', ...how } of steps) {
    const res = await kit.post(user, '/api/conversation_tracker', {
      character_id: characterId,
      block_id: block,
      conversation_id: null,
      utterance: text,
      via,
      ...how,
    });
    if (res.statusCode !== 200) throw new Error(`step failed: ${res.body}`);
  }
}

const matchedOf = (characterId: string, query = '') => kit.get(`/api/admin/insight/${characterId}/matched${query}`);

/** The rows of a reply as [text, block, match, word, synonym, count]. */
const rows = (body: { groups: Array<Record<string, unknown>> }) =>
  body.groups.map((g) => [g.text, g.block_id, g.match, g.word, g.synonym, g.count]);

describe('GET /api/admin/insight/:character_id/matched', () => {
  it('matched groups, utterances matched by surface, reading and synonym, are grouped by text, block and how, most said first', async () => {
    const characterId = newId('char');
    await track(characterId, [
      { block: 'food', text: '御飯', match: 'reading', match_word: 'ごはん' },
      { block: 'food', text: '御飯！', match: 'reading', match_word: 'ごはん' },
      { block: 'food', text: 'ごはん', match: 'surface', match_word: 'ごはん' },
      { block: 'food', text: 'ごはん', match: 'surface', match_word: 'ごはん' },
      { block: 'food', text: 'お腹すいた', match: 'synonym', match_word: '食べ物', match_synonym: 'お腹すいた' },
      { block: 'greet', text: '', via: 'start' },
    ]);
    await track(characterId, [{ block: 'food', text: '御飯', match: 'reading', match_word: 'ごはん' }]);

    const res = await matchedOf(characterId);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(rows(body)).toEqual([
      ['御飯', 'food', 'reading', 'ごはん', null, 3],
      ['ごはん', 'food', 'surface', 'ごはん', null, 2],
      ['お腹すいた', 'food', 'synonym', '食べ物', 'お腹すいた', 1],
    ]);
    expect(body.groups[0].variants).toEqual([
      { text: '御飯', count: 2 },
      { text: '御飯！', count: 1 },
    ]);
    expect(body).toMatchObject({ steps: 6, total: 3, page: 1, per_page: 50 });
  });

  it('matched groups, search hits, carry the mean and best search score', async () => {
    const characterId = newId('char');
    await track(characterId, [
      { block: 'travel', text: '旅に出たい', via: 'search', match: 'search', match_score: 2 },
      { block: 'travel', text: '旅に出たい', via: 'search', match: 'search', match_score: 4 },
      { block: 'greet', text: 'こんにちは', via: 'score', match: 'score', match_score: 80 },
    ]);

    const body = (await matchedOf(characterId)).json();

    expect(body.groups.map((g: Record<string, unknown>) => [g.text, g.word, g.score])).toEqual([
      ['旅に出たい', null, { mean: 3, max: 4 }],
      ['こんにちは', null, { mean: 80, max: 80 }],
    ]);
  });

  it('matched groups, sorted least said first and paged one a page, answer the asked page and the total', async () => {
    const characterId = newId('char');
    await track(characterId, [
      { block: 'food', text: 'ラーメン', match: 'surface', match_word: 'ラーメン' },
      { block: 'food', text: 'ラーメン', match: 'surface', match_word: 'ラーメン' },
      { block: 'food', text: 'らあめん', match: 'reading', match_word: 'ラーメン' },
    ]);

    const first = (await matchedOf(characterId, '?sort=count_asc&per_page=1')).json();
    const second = (await matchedOf(characterId, '?sort=count_asc&per_page=1&page=2')).json();
    const beyond = (await matchedOf(characterId, '?sort=count_asc&per_page=1&page=3')).json();

    expect([rows(first), rows(second), beyond.groups]).toEqual([
      [['らあめん', 'food', 'reading', 'ラーメン', null, 1]],
      [['ラーメン', 'food', 'surface', 'ラーメン', null, 2]],
      [],
    ]);
    expect(first).toMatchObject({ total: 2, page: 1, per_page: 1 });
  });

  it('matched groups, one block and one way asked, hold only those; a step before the period is left out', async () => {
    const characterId = newId('char');
    await track(characterId, [
      { block: 'food', text: '御飯', match: 'reading', match_word: 'ごはん' },
      { block: 'food', text: 'ごはん', match: 'surface', match_word: 'ごはん' },
      { block: 'travel', text: '旅行', match: 'surface', match_word: '旅行' },
      { block: 'food', text: '昔の御飯', match: 'reading', match_word: 'ごはん' },
    ]);
    const steps = openInsightSteps(svc.platform.store);
    const old = await steps.findOne({ character_id: characterId, text: '昔の御飯' });
    await steps.updateOne({ _id: old!._id }, { $set: { at: new Date(Date.now() - 30 * DAY).toISOString() } });

    const food = (await matchedOf(characterId, '?block_id=food')).json();
    const byReading = (await matchedOf(characterId, '?match=reading')).json();

    expect(rows(food).map((r) => r[0])).toEqual(['ごはん', '御飯']);
    expect(rows(byReading).map((r) => r[0])).toEqual(['御飯']);
  });

  it('matched, a caller who is not an admin, is refused 403 FORBIDDEN', async () => {
    const res = await kit.get(`/api/admin/insight/${newId('char')}/matched`, {
      authorization: `Bearer ${svc.tokenFor(newId('u'))}`,
    });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('matched, a page size over 200 or an unknown sort, is refused 400 VALIDATION_FAILED', async () => {
    const big = await matchedOf(newId('char'), '?per_page=500');
    const sort = await matchedOf(newId('char'), '?sort=alphabet');

    expect([big.statusCode, sort.statusCode]).toEqual([400, 400]);
    expect(big.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/admin/insight/:character_id/unmatched: near misses', () => {
  it('unmatched groups, reported with their best search score and its block, carry the best of the group', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ', travel: '旅行' });
    for (const [text, best_score, nearest_block_id] of [
      ['遠くに行きたい', 0.4, 'greet'],
      ['遠くに行きたい', 0.9, 'travel'],
    ] as const) {
      const res = await kit.unmatched({
        character_id: characterId,
        block_id: 'greet',
        text,
        reason: 'empty',
        best_score,
        nearest_block_id,
      });
      if (res.statusCode !== 200) throw new Error(`unmatched failed: ${res.body}`);
    }
    await kit.unmatched({ character_id: characterId, block_id: 'greet', text: 'えっと', reason: 'invalid' });

    const body = (await kit.get(`/api/admin/insight/${characterId}/unmatched`)).json();

    expect(body.groups.map((g: Record<string, unknown>) => [g.text, g.best_score, g.nearest_block_id])).toEqual([
      ['遠くに行きたい', 0.9, 'travel'],
      ['えっと', null, null],
    ]);
  });
});
