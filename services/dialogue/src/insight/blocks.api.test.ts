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
const HOUR = 60 * 60 * 1000;

const blocksOf = (characterId: string, query = '') => kit.get(`/api/admin/insight/${characterId}/blocks${query}`);

/** Four talks: completed greet→food→bye, stopped in food, abandoned (an hour ago) in pets, and one still going in greet. */
async function scriptedCharacter(): Promise<string> {
  const characterId = newId('char');
  await kit.scriptedTalk(
    characterId,
    [
      ['greet', 'start'],
      ['food', 'hitWord'],
      ['bye', 'final'],
    ],
    'completed',
  );
  await kit.scriptedTalk(
    characterId,
    [
      ['greet', 'start'],
      ['food', 'hitWord'],
    ],
    'stopped',
  );
  const abandoned = await kit.scriptedTalk(
    characterId,
    [
      ['greet', 'start'],
      ['pets', 'search'],
    ],
    null,
  );
  await kit.backdate(abandoned, HOUR);
  await kit.scriptedTalk(characterId, [['greet', 'start']], null);
  return characterId;
}

describe('GET /api/admin/insight/:character_id/blocks', () => {
  it('block figures, four scripted talks, count entries by via, completed ends, drop-offs and the edges', async () => {
    const characterId = await scriptedCharacter();

    const res = await blocksOf(characterId);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.talks).toBe(4);
    const figures = Object.fromEntries(body.blocks.map((b: { block_id: string }) => [b.block_id, b]));
    expect(figures.greet).toMatchObject({
      entries: 4,
      completed: 0,
      dropped: 0,
      via: expect.objectContaining({ start: 4, hitWord: 0 }),
    });
    expect(figures.food).toMatchObject({
      entries: 2,
      completed: 0,
      dropped: 1,
      via: expect.objectContaining({ hitWord: 2 }),
    });
    expect(figures.bye).toMatchObject({
      entries: 1,
      completed: 1,
      dropped: 0,
      median_ms: null,
      via: expect.objectContaining({ final: 1 }),
    });
    expect(figures.pets).toMatchObject({
      entries: 1,
      completed: 0,
      dropped: 1,
      via: expect.objectContaining({ search: 1 }),
    });
    expect(figures.greet.median_ms).toBeGreaterThanOrEqual(0);
    expect(body.blocks[0].block_id).toBe('greet');
    expect(body.edges).toEqual([
      { from: 'greet', to: 'food', count: 2 },
      { from: 'food', to: 'bye', count: 1 },
      { from: 'greet', to: 'pets', count: 1 },
    ]);
  });

  it('block figures, a period before the steps, are empty and name the period asked', async () => {
    const characterId = await scriptedCharacter();

    const res = await blocksOf(characterId, '?from=2020-01-01&to=2020-01-07');

    expect(res.json()).toEqual({
      ok: true,
      character_id: characterId,
      from: '2020-01-01',
      to: '2020-01-07',
      talks: 0,
      blocks: [],
      edges: [],
      matches: { surface: 0, reading: 0, base: 0, synonym: 0, search: 0, score: 0 },
    });
  });

  it('block figures, no period, cover the last 7 Japan days ending today', async () => {
    const res = await blocksOf(newId('char'));

    const { from, to } = res.json();
    expect(Date.parse(`${to}T00:00:00+09:00`) - Date.parse(`${from}T00:00:00+09:00`)).toBe(6 * 24 * HOUR);
    expect(Math.abs(Date.now() - Date.parse(`${to}T12:00:00+09:00`))).toBeLessThan(13 * HOUR);
  });

  it('track step, a step without via (an older player), counts as unknown', async () => {
    const characterId = newId('char');
    const user = newId('u');
    const talkId = await kit.startedTalkId(user, { character_id: characterId });
    await kit.step(user, { character_id: characterId, block_id: 'greet', talk_id: talkId });

    const res = await blocksOf(characterId);

    expect(res.json().blocks[0].via).toMatchObject({ unknown: 1, start: 0 });
  });

  it('track step, steps led by a reading, a synonym and a search, are counted per kind of match; a step without one is not', async () => {
    const characterId = newId('char');
    const user = newId('u');
    const talkId = await kit.startedTalkId(user, { character_id: characterId });
    const step = (block_id: string, match?: string) =>
      kit.post(user, '/api/conversation_tracker', {
        character_id: characterId,
        block_id,
        talk_id: talkId,
        via: 'hitWord',
        conversation_id: null,
        utterance: 'ごはん',
        ...(match ? { match } : {}),
      });
    for (const [block, match] of [
      ['greet', undefined],
      ['food', 'reading'],
      ['food', 'synonym'],
      ['pets', 'search'],
      ['food', 'synonym'],
    ] as const) {
      expect((await step(block, match)).statusCode).toBe(200);
    }

    const res = await blocksOf(characterId);

    expect(res.json().matches).toEqual({ surface: 0, reading: 1, base: 0, synonym: 2, search: 1, score: 0 });
  });

  it('track step, refused for a released talk, appends nothing to insight (one transaction)', async () => {
    const characterId = newId('char');
    const user = newId('u');
    const talkId = await kit.startedTalkId(user, { character_id: characterId });
    await kit.release(user, talkId);

    const refused = await kit.step(user, { character_id: characterId, block_id: 'greet', talk_id: talkId });

    expect(refused.statusCode).toBe(409);
    expect(await openInsightSteps(svc.platform.store).countDocuments({ talk_id: talkId })).toBe(0);
  });
});

describe('insight admin refusals', () => {
  it('block figures, a customer token, are refused 403 FORBIDDEN', async () => {
    const res = await kit.get(`/api/admin/insight/${newId('char')}/blocks`, kit.auth(newId('u')));

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('unmatched groups, no token, are refused 401', async () => {
    const res = await kit.get(`/api/admin/insight/${newId('char')}/unmatched`, {});

    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a date that does not exist', '?from=2025-02-30'],
    ['a date in another format', '?to=2025%2F01%2F01'],
    ['from after to', '?from=2025-02-10&to=2025-02-01'],
    ['more than 366 days', '?from=2023-01-01&to=2025-01-01'],
  ])('block figures, %s, are refused 400 VALIDATION_FAILED', async (_case, query) => {
    const res = await blocksOf(newId('char'), query);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});
