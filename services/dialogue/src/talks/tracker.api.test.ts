import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { dialogueService } from '../index.ts';
import { newId, nextMillisecond, talksTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = talksTestKit(() => svc);

describe('POST /api/conversation_tracker', () => {
  it('track step, twice with one character, upserts one place and counts the steps', async () => {
    const me = newId('u');
    await kit.step(me, { character_id: 'mirai', block_id: 'b1', utterance: 'こんにちは' });

    const res = await kit.step(me, { character_id: 'mirai', block_id: 'b2', utterance: '元気？', user_id: me });

    expect(res.statusCode).toBe(200);
    expect(res.json().state).toMatchObject({
      character_id: 'mirai',
      block_id: 'b2',
      conversation_id: null,
      utterance: '元気？',
      steps: 2,
    });
  });

  it('track step, the first of a talk, marks it replied and publishes talk.replied once over several steps', async () => {
    const me = newId('u');
    const useId = randomUUID();
    const talkId = await kit.startedTalkId(me, {
      character_id: 'mirai',
      ticket_use_token: kit.ticketToken(me, 'mirai', useId),
    });

    await kit.step(me, { character_id: 'mirai', block_id: 'b1', talk_id: talkId });
    await kit.step(me, { character_id: 'mirai', block_id: 'b2', talk_id: talkId });

    const replied = await kit.eventsOf('talk.replied', me);
    expect(replied.map((e) => e.data)).toEqual([expect.objectContaining({ talk_id: talkId, ticket_use_id: useId })]);
    expect((await kit.end(me, talkId)).json().talk.replied_at).not.toBeNull();
  });

  it('track step, concurrent first steps of one talk, publish exactly one talk.replied', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });

    const replies = await Promise.all(
      ['b1', 'b2', 'b3', 'b4'].map((block_id) => kit.step(me, { character_id: 'mirai', block_id, talk_id: talkId })),
    );

    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await kit.eventsOf('talk.replied', me)).toHaveLength(1);
  });

  it('track step, a released talk, is refused 409 TALK_RELEASED and records nothing', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });
    await kit.release(me, talkId);

    const res = await kit.step(me, { character_id: 'mirai', block_id: 'b1', talk_id: talkId });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TALK_RELEASED' });
    expect((await kit.post(me, '/api/history', {})).json().historyState).toEqual([]);
  });

  it("track step, naming another user's talk, answers 404 and leaves that talk releasable", async () => {
    const owner = newId('u');
    const talkId = await kit.startedTalkId(owner, { character_id: 'mirai' });

    const res = await kit.step(newId('intruder'), { character_id: 'mirai', block_id: 'b1', talk_id: talkId });

    expect(res.statusCode).toBe(404);
    expect((await kit.release(owner, talkId)).statusCode).toBe(200);
  });

  it("track step, another user's user_id, is refused 403 FORBIDDEN_USER and records nothing for them", async () => {
    const me = newId('u');
    const victim = newId('victim');

    const res = await kit.step(me, { character_id: 'mirai', block_id: 'b1', user_id: victim });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN_USER' });
    expect((await kit.post(victim, '/api/history', {})).json().historyState).toEqual([]);
    expect((await kit.post(me, '/api/history', {})).json().historyState).toEqual([]);
  });

  it('track step, a talk with another character, is refused 409 TALK_OTHER_CHARACTER', async () => {
    const me = newId('u');
    const talkId = await kit.startedTalkId(me, { character_id: 'mirai' });

    const res = await kit.step(me, { character_id: 'other', block_id: 'b1', talk_id: talkId });

    expect(res.json()).toMatchObject({ code: 'TALK_OTHER_CHARACTER' });
  });

  it('track step, without a token or with a bad block id or an overlong utterance, is refused', async () => {
    const anonymous = await svc.app.inject({
      method: 'POST',
      url: '/api/conversation_tracker',
      payload: { character_id: 'mirai', block_id: 'b1', conversation_id: null, utterance: '' },
    });

    expect(anonymous.statusCode).toBe(401);
    expect((await kit.step(newId('u'), { character_id: 'mirai', block_id: 'b 1' })).statusCode).toBe(400);
    expect(
      (await kit.step(newId('u'), { character_id: 'mirai', block_id: 'b1', utterance: 'あ'.repeat(501) })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/history and /api/conversation_tracker/delete', () => {
  it('history, places with two characters, lists them newest first', async () => {
    const me = newId('u');
    await kit.step(me, { character_id: 'first', block_id: 'b1' });
    await nextMillisecond();
    await kit.step(me, { character_id: 'second', block_id: 'b9' });

    const res = await kit.post(me, '/api/history', { user_id: me });

    expect(res.json().historyState.map((s: { character_id: string }) => s.character_id)).toEqual(['second', 'first']);
  });

  it('history, steps of a talk, shows what the user said and the block titles in order, newest last', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '好きな食べ物' });
    const talkId = await kit.startedTalkId(me, { character_id: character });
    await kit.step(me, { character_id: character, block_id: 'b1', utterance: 'こんにちは', talk_id: talkId });
    await nextMillisecond();
    await kit.step(me, { character_id: character, block_id: 'b2', utterance: '好きな食べ物は？', talk_id: talkId });

    const res = await kit.post(me, '/api/history', {});

    expect(res.json().historyState[0].conversation).toEqual([
      { at: expect.any(String), block_id: 'b1', block_title: 'はじめまして', said: 'こんにちは', talk_id: talkId },
      {
        at: expect.any(String),
        block_id: 'b2',
        block_title: '好きな食べ物',
        said: '好きな食べ物は？',
        talk_id: talkId,
      },
    ]);
  });

  it('history, a block whose title an operator translated, carries the translations beside the Japanese title', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'あいさつ', b2: '食べ物の話' }, 1, {
      titleTranslations: { b1: { 'en-US': 'Greeting', 'zh-TW': '打招呼' } },
    });
    await kit.step(me, { character_id: character, block_id: 'b1', utterance: 'hello' });
    await nextMillisecond();
    await kit.step(me, { character_id: character, block_id: 'b2', utterance: 'ramen' });

    const res = await kit.post(me, '/api/history', {});

    const [greeting, food] = res.json().historyState[0].conversation;
    expect(greeting).toMatchObject({
      block_title: 'あいさつ',
      block_title_i18n: { 'en-US': 'Greeting', 'zh-TW': '打招呼' },
    });
    expect(food.block_title).toBe('食べ物の話');
    expect(food).not.toHaveProperty('block_title_i18n');
  });

  it('history, more steps than are kept and a long text, keeps the last 50 steps and cuts each text to 200 characters', async () => {
    const me = newId('u');
    for (let i = 1; i <= 53; i += 1)
      await kit.step(me, {
        character_id: 'mirai',
        block_id: `b${i}`,
        utterance: i === 53 ? 'あ'.repeat(300) : `step ${i}`,
      });

    const conversation = (await kit.post(me, '/api/history', {})).json().historyState[0].conversation as {
      block_id: string;
      said: string;
    }[];

    expect(conversation).toHaveLength(50);
    expect(conversation[0]).toMatchObject({ block_id: 'b4', said: 'step 4', block_title: null });
    expect(conversation.at(-1)?.said).toBe('あ'.repeat(200));
  });

  it("history, asked by another user (with or without the victim's user_id), never shows the victim's conversation", async () => {
    const victim = newId('victim');
    const attacker = newId('u');
    await kit.step(victim, { character_id: 'mirai', block_id: 'b1', utterance: '秘密の話' });

    const named = await kit.post(attacker, '/api/history', { user_id: victim });
    const own = await kit.post(attacker, '/api/history', {});

    expect(named.statusCode).toBe(403);
    expect(named.body).not.toContain('秘密の話');
    expect(own.json().historyState).toEqual([]);
  });

  it("history, another user's user_id, is refused 403", async () => {
    const victim = newId('victim');
    await kit.step(victim, { character_id: 'mirai', block_id: 'b1' });

    const res = await kit.post(newId('u'), '/api/history', { user_id: victim });

    expect(res.statusCode).toBe(403);
  });

  it('tracker delete, one character, forgets only that place', async () => {
    const me = newId('u');
    await kit.step(me, { character_id: 'first', block_id: 'b1' });
    await kit.step(me, { character_id: 'second', block_id: 'b1' });

    const res = await kit.post(me, '/api/conversation_tracker/delete', { user_id: me, character_id: 'first' });

    expect(res.json()).toEqual({ ok: true, deleted: 1 });
    expect(
      (await kit.post(me, '/api/history', {})).json().historyState.map((s: { character_id: string }) => s.character_id),
    ).toEqual(['second']);
  });

  it("tracker delete, another user's user_id, is refused 403 and deletes nothing", async () => {
    const victim = newId('victim');
    await kit.step(victim, { character_id: 'mirai', block_id: 'b1' });

    const res = await kit.post(newId('u'), '/api/conversation_tracker/delete', { user_id: victim });

    expect(res.statusCode).toBe(403);
    expect((await kit.post(victim, '/api/history', {})).json().historyState).toHaveLength(1);
  });
});

describe('POST /api/next_start_block', () => {
  it('next start block, a talk left without an end, resumes from the last tracked block with its title', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '好きな食べ物' });
    const talkId = await kit.startedTalkId(me, { character_id: character });
    await kit.step(me, { character_id: character, block_id: 'b1', talk_id: talkId });
    await kit.step(me, { character_id: character, block_id: 'b2', talk_id: talkId });

    const res = await kit.post(me, '/api/next_start_block', { character_id: character });

    expect(res.json()).toMatchObject({ ok: true, block_id: 'b2', title: '好きな食べ物' });
    expect(res.json().updated_at).not.toBeNull();
  });

  it('next start block, a block whose title was translated, carries the translations for the resume offer', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: '旅行の話' }, 1, {
      titleTranslations: { b1: { 'en-US': 'Talking about travel' } },
    });
    const talkId = await kit.startedTalkId(me, { character_id: character });
    await kit.step(me, { character_id: character, block_id: 'b1', talk_id: talkId });

    const res = await kit.post(me, '/api/next_start_block', { character_id: character });

    expect(res.json()).toMatchObject({ title: '旅行の話', title_i18n: { 'en-US': 'Talking about travel' } });
  });

  it('next start block, the latest talk ended completed, answers null', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして' });
    const talkId = await kit.startedTalkId(me, { character_id: character });
    await kit.step(me, { character_id: character, block_id: 'b1', talk_id: talkId });
    await kit.end(me, talkId, 'completed');

    const res = await kit.post(me, '/api/next_start_block', { character_id: character });

    expect(res.json()).toEqual({ ok: true, block_id: null, title: null, updated_at: null });
  });

  it('next start block, the latest talk ended by silence after a completed one, resumes', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして', b2: '趣味' });
    const done = await kit.startedTalkId(me, { character_id: character });
    await kit.step(me, { character_id: character, block_id: 'b1', talk_id: done });
    await kit.end(me, done, 'completed');
    await nextMillisecond();
    const later = await kit.startedTalkId(me, { character_id: character });
    await kit.step(me, { character_id: character, block_id: 'b2', talk_id: later });
    await kit.end(me, later, 'silence');

    const res = await kit.post(me, '/api/next_start_block', { character_id: character });

    expect(res.json()).toMatchObject({ block_id: 'b2', title: '趣味' });
  });

  it('next start block, never tracked or a block no longer published, answers null', async () => {
    const me = newId('u');
    const character = newId('c');
    await kit.publish(character, { b1: 'はじめまして' });
    await kit.step(me, { character_id: character, block_id: 'gone' });

    const gone = await kit.post(me, '/api/next_start_block', { character_id: character });
    const never = await kit.post(newId('u'), '/api/next_start_block', { character_id: character });

    expect(gone.json().block_id).toBeNull();
    expect(never.json().block_id).toBeNull();
  });

  it("next start block, another user's user_id, is refused 403", async () => {
    const res = await kit.post(newId('u'), '/api/next_start_block', {
      user_id: newId('victim'),
      character_id: 'mirai',
    });

    expect(res.statusCode).toBe(403);
  });
});
