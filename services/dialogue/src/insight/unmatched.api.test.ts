import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { randomAddress } from '../recognition/test-kit.ts';
import { dialogueService } from '../index.ts';
import { newId } from '../talks/test-kit.ts';
import { openInsightGates, openUnmatched } from './model.ts';
import { insightTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService, { RECOGNITION_RATE_PER_MINUTE: '3' });
});
afterAll(async () => {
  await svc?.close();
});
const kit = insightTestKit(() => svc);

async function publishedCharacter(): Promise<string> {
  const characterId = newId('char');
  await kit.publish(characterId, { greet: 'あいさつ', food: '食べ物' });
  return characterId;
}

async function say(characterId: string, block_id: string, text: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await kit.unmatched({ character_id: characterId, block_id, text, reason: 'invalid' });
    if (res.statusCode !== 200) throw new Error(`unmatched failed: ${res.body}`);
  }
}

const groupsOf = (characterId: string, query = '') => kit.get(`/api/admin/insight/${characterId}/unmatched${query}`);

describe('POST /api/dialogue/unmatched and the grouped utterances', () => {
  it('unmatched groups, 「ラーメン！」「らーめん」「ラーメン 」 and two near-duplicates, are grouped, most frequent variant first', async () => {
    const characterId = await publishedCharacter();
    await say(characterId, 'greet', 'ラーメン！', 3);
    await say(characterId, 'food', 'らーめん', 2);
    await say(characterId, 'greet', 'ラーメン ');
    await say(characterId, 'greet', 'ありがとう');
    await say(characterId, 'food', 'ありがとうね');
    await say(characterId, 'food', 'お寿司ください');

    const res = await groupsOf(characterId);

    expect(res.statusCode).toBe(200);
    const groups = res.json().groups;
    expect(groups.map((g: { text: string; count: number }) => [g.text, g.count])).toEqual([
      ['ラーメン！', 6],
      ['ありがとう', 2],
      ['お寿司ください', 1],
    ]);
    expect(groups[0].variants).toEqual([
      { text: 'ラーメン！', count: 3 },
      { text: 'らーめん', count: 2 },
      { text: 'ラーメン', count: 1 },
    ]);
    expect(groups[0].blocks).toEqual([
      { block_id: 'greet', count: 4 },
      { block_id: 'food', count: 2 },
    ]);
    expect(Date.parse(groups[0].last_at)).toBeLessThanOrEqual(Date.now());
  });

  it('unmatched groups, one block asked, hold only what was said there', async () => {
    const characterId = await publishedCharacter();
    await say(characterId, 'greet', 'ラーメン！');
    await say(characterId, 'food', 'らーめん', 2);

    const res = await groupsOf(characterId, '?block_id=food');

    expect(res.json().groups).toEqual([
      expect.objectContaining({ text: 'らーめん', count: 2, blocks: [{ block_id: 'food', count: 2 }] }),
    ]);
  });

  it('coverage, three matched steps and one unmatched utterance this week, is a share of 0.75', async () => {
    const characterId = await publishedCharacter();
    await kit.scriptedTalk(
      characterId,
      [
        ['greet', 'start'],
        ['food', 'hitWord'],
        ['greet', 'search'],
        ['food', 'valid'],
        ['greet', 'silence'],
      ],
      'completed',
    );
    await say(characterId, 'greet', 'なにそれ');

    const res = await groupsOf(characterId);

    expect(res.json().coverage).toMatchObject({ matched: 3, unmatched: 1, share: 0.75 });
  });

  it('unmatched, from a signed-in user, is kept with the user and forgotten with the account', async () => {
    const characterId = await publishedCharacter();
    const user = newId('u');
    await kit.unmatched(
      { character_id: characterId, block_id: 'greet', text: 'ねえ', reason: 'empty' },
      { headers: kit.auth(user) },
    );
    expect(await openUnmatched(svc.platform.store).findOne({ user_id: user })).toMatchObject({
      text: 'ねえ',
      normalised: 'ねえ',
      reason: 'empty',
      character_id: characterId,
    });

    await svc.platform.events.publish('user.deleted', user, { user_id: user, by: 'user' });

    await eventually(async () => (await openUnmatched(svc.platform.store).countDocuments({ user_id: user })) === 0);
  });
});

describe('POST /api/dialogue/unmatched refusals', () => {
  it.each([
    ['an empty text', { text: '' }],
    ['a text over 200 characters', { text: 'あ'.repeat(201) }],
    ['an unknown reason', { reason: 'other' }],
    ['no block', { block_id: undefined }],
  ])('unmatched, %s, is refused 400 VALIDATION_FAILED', async (_case, change) => {
    const characterId = await publishedCharacter();

    const res = await kit.unmatched({
      character_id: characterId,
      block_id: 'greet',
      text: 'ねえ',
      reason: 'invalid',
      ...change,
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('unmatched, a character dialogue does not know, is refused 404 NOT_FOUND', async () => {
    const res = await kit.unmatched({
      character_id: newId('char'),
      block_id: 'greet',
      text: 'ねえ',
      reason: 'invalid',
    });

    expect(res.statusCode).toBe(404);
  });

  it('unmatched, a token that does not verify, is refused 401 (not filed as a visitor)', async () => {
    const characterId = await publishedCharacter();

    const res = await kit.unmatched(
      { character_id: characterId, block_id: 'greet', text: 'ねえ', reason: 'invalid' },
      { headers: { authorization: 'Bearer nonsense' } },
    );

    expect(res.statusCode).toBe(401);
  });

  it('unmatched, a 4th report a minute from one address with RECOGNITION_RATE_PER_MINUTE=3, is refused 429 RATE_LIMITED', async () => {
    const characterId = await publishedCharacter();
    const address = randomAddress();
    const body = { character_id: characterId, block_id: 'greet', text: 'ねえ', reason: 'invalid' };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await kit.unmatched(body, { address })).statusCode);

    const refused = await kit.unmatched(body, { address });

    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
  });

  it('unmatched, utterances with a hit word of a serial-locked block, are counted apart and not as not understood', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ', secret: 'ひみつ' });
    await svc.platform.events.publish('coupon.saved', newId('coupon'), {
      coupon_id: newId('coupon'),
      character_id: characterId,
      block_id: 'secret',
      is_debug: false,
      tickets: 0,
    });
    await eventually(
      async () => (await openInsightGates(svc.platform.store).countDocuments({ character_id: characterId })) === 1,
    );
    await say(characterId, 'greet', 'ひみつを教えて', 2);
    await say(characterId, 'greet', 'ラーメン');

    const body = (await groupsOf(characterId)).json();

    expect(body.groups.map((g: { text: string }) => g.text)).toEqual(['ラーメン']);
    expect(body.locked_groups).toEqual([expect.objectContaining({ text: 'ひみつを教えて', count: 2 })]);
    expect(body.coverage).toMatchObject({ unmatched: 1, locked: 2 });
  });

  it('unmatched groups, one whose text a hit word published since contains, are marked resolved; the others not', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ' });
    await say(characterId, 'greet', 'ラーメンください');
    await say(characterId, 'greet', 'お寿司');

    await kit.publish(characterId, { greet: 'あいさつ', food: 'ラーメン' }, 2);

    const groups = (await groupsOf(characterId)).json().groups as { text: string; resolved: boolean }[];
    expect(groups.map((g) => [g.text, g.resolved])).toEqual([
      ['お寿司', false],
      ['ラーメンください', true],
    ]);
  });

  it('unmatched groups, read after a second publish, name the published version they were judged against', async () => {
    const characterId = newId('char');
    const before = (await groupsOf(characterId)).json();
    await kit.publish(characterId, { greet: 'あいさつ' });
    await kit.publish(characterId, { greet: 'あいさつ', food: 'ラーメン' }, 2);

    const after = (await groupsOf(characterId)).json();

    expect(before.recognition_version).toBe(0);
    expect(after.recognition_version).toBe(2);
  });

  it('unmatched groups, one saying a synonym published since for a hit word, are marked resolved', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ', trip: '旅行' });
    await say(characterId, 'greet', 'おでかけしたい');

    await kit.publish(characterId, { greet: 'あいさつ', trip: '旅行' }, 2, {
      synonyms: [{ word: '旅行', synonyms: ['おでかけ'] }],
    });

    const groups = (await groupsOf(characterId)).json().groups as { text: string; resolved: boolean }[];
    expect(groups.map((g) => [g.text, g.resolved])).toEqual([['おでかけしたい', true]]);
  });
});

describe('unmatched insight, classed as the live matcher finds words (reading, base form, synonym, negation)', () => {
  it('unmatched groups, 「御飯」 said and ごはん published since as a hit word, are marked resolved (by reading)', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ' });
    await say(characterId, 'greet', '御飯');

    await kit.publish(characterId, { greet: 'あいさつ', food: 'ごはん' }, 2);

    const groups = (await groupsOf(characterId)).json().groups as { text: string; resolved: boolean }[];
    expect(groups.map((g) => [g.text, g.resolved])).toEqual([['御飯', true]]);
  });

  it('unmatched groups, 「占ってほしい」 said and 占い published since, are marked resolved (by base form)', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ' });
    await say(characterId, 'greet', '占ってほしい');

    await kit.publish(characterId, { greet: 'あいさつ', fortune: '占い' }, 2);

    const groups = (await groupsOf(characterId)).json().groups as { text: string; resolved: boolean }[];
    expect(groups.map((g) => [g.text, g.resolved])).toEqual([['占ってほしい', true]]);
  });

  it('unmatched groups, a synonym published since said in kanji (お出かけ for おでかけ), are marked resolved', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ', trip: '旅行' });
    await say(characterId, 'greet', 'お出かけしたい');

    await kit.publish(characterId, { greet: 'あいさつ', trip: '旅行' }, 2, {
      synonyms: [{ word: '旅行', synonyms: ['おでかけ'] }],
    });

    const groups = (await groupsOf(characterId)).json().groups as { text: string; resolved: boolean }[];
    expect(groups.map((g) => [g.text, g.resolved])).toEqual([['お出かけしたい', true]]);
  });

  it('unmatched groups, a hit word said only negated (「ラーメンじゃなくて」), are not marked resolved', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ', food: 'ラーメン' });
    await say(characterId, 'greet', 'ラーメンじゃなくてお寿司');

    const groups = (await groupsOf(characterId)).json().groups as { text: string; resolved: boolean }[];

    expect(groups.map((g) => [g.text, g.resolved])).toEqual([['ラーメンじゃなくてお寿司', false]]);
  });

  it('unmatched, a serial-locked hit word said in kanji (秘密 for ひみつ), is counted as locked', async () => {
    const characterId = newId('char');
    await kit.publish(characterId, { greet: 'あいさつ', secret: 'ひみつ' });
    await svc.platform.events.publish('coupon.saved', newId('coupon'), {
      coupon_id: newId('coupon'),
      character_id: characterId,
      block_id: 'secret',
      is_debug: false,
      tickets: 0,
    });
    await eventually(
      async () => (await openInsightGates(svc.platform.store).countDocuments({ character_id: characterId })) === 1,
    );
    await say(characterId, 'greet', '秘密を教えて');

    const body = (await groupsOf(characterId)).json();

    expect(body.groups).toEqual([]);
    expect(body.locked_groups).toEqual([expect.objectContaining({ text: '秘密を教えて', count: 1 })]);
    expect(body.coverage).toMatchObject({ unmatched: 0, locked: 1 });
  });
});
