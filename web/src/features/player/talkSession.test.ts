import { describe, expect, it } from 'vitest';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState } from '@talkwith/dialogue-engine';
import { makeStore } from '../../app/store.ts';
import { createEffectRunner } from './effectRunner.ts';
import { selectPlayer, sessionOpened } from './playerSlice.ts';
import type { LogEntry } from './ports.ts';
import { createTalkSession } from './talkSession.ts';
import { fakeClock, fakeLogs, fakeRecognition, fakeSpeech, fakeTalks, fakeVideo, mediaFor, settle } from './testing.ts';

const GREET_MIC_MS = demoCharacter.videos.find((v) => v.id === 'greet')?.mic_on_millisecond ?? 0;

/** A signed-in player: the runner with a talk session over a recorded talk port. */
function setUp(
  options: {
    failStart?: boolean;
    refuseStart?: number;
    media?: ReturnType<typeof mediaFor>;
    character?: typeof demoCharacter;
  } = {},
) {
  const character = options.character ?? demoCharacter;
  const store = makeStore();
  const talks = fakeTalks({
    failStart: options.failStart ?? false,
    ...(options.refuseStart ? { refuseStart: options.refuseStart } : {}),
  });
  const reports: Array<Omit<LogEntry, 'characterId'>> = [];
  const video = fakeVideo();
  const time = fakeClock();
  const talk = createTalkSession(
    talks.port,
    demoCharacter.id,
    (entry) => reports.push(entry),
    () => `key-${Math.random()}`,
  );
  store.dispatch(
    sessionOpened({
      characterId: character.id,
      seed: 3,
      rt: initialState(character, { seed: 3 }).rt,
      speechMode: 'webSpeech',
    }),
  );
  const runner = createEffectRunner({
    character,
    media: options.media ?? mediaFor(character),
    dispatch: store.dispatch,
    getPlayer: () => selectPlayer(store.getState()),
    video: video.port,
    speech: fakeSpeech().port,
    logs: fakeLogs().sink,
    clock: time.clock,
    recognition: fakeRecognition().port,
    talk,
  });
  const view = () => selectPlayer(store.getState()).view;
  runner.send({ type: 'ready' });
  const start = (ticketUseToken?: string) =>
    runner.startTalk({ btn: 'btn-talk', ticketUseToken }, { type: 'start', source: 'button', buttonId: 'btn-talk' });
  const notice = () => selectPlayer(store.getState()).notice;
  return { runner, talks, reports, video, time, view, start, notice };
}

describe('talk session', () => {
  it('talk, started with a ticket, creates the talk with the ticket use and holds the first step until the greeting is on screen', async () => {
    const { runner, talks, start } = setUp();
    start('token-1');
    await settle();
    expect(talks.calls[0]).toMatchObject({
      op: 'start',
      body: { character_id: 'demo-mirai', btn: 'btn-talk', ticket_use_token: 'token-1' },
    });
    expect(talks.ops()).toEqual(['start']);

    runner.videoShown('greet');
    await settle();

    expect(talks.calls[1]).toEqual({
      op: 'track',
      body: {
        character_id: 'demo-mirai',
        block_id: 'greet',
        conversation_id: expect.anything() as unknown,
        utterance: '',
        talk_id: 'talk-1',
        via: 'start',
      },
    });
  });

  it('talk, a step the engine says was understood by a synonym, is tracked with its match', async () => {
    const talks = fakeTalks({ failStart: false });
    const talk = createTalkSession(
      talks.port,
      demoCharacter.id,
      () => {},
      () => 'key-1',
    );
    await talk.begin({ btn: 'btn-talk' });
    talk.clipPlaying('greet');
    talk.clipShown('greet');

    talk.step({
      type: 'trackStep',
      characterId: demoCharacter.id,
      blockId: 'topic-food',
      conversationId: null,
      utterance: 'お腹すいた',
      via: 'hitWord',
      match: 'synonym',
      matchWord: '食べ物',
      matchSynonym: 'お腹すいた',
    });
    await settle();

    expect(talks.calls.at(-1)).toMatchObject({
      op: 'track',
      body: {
        block_id: 'topic-food',
        utterance: 'お腹すいた',
        via: 'hitWord',
        match: 'synonym',
        match_word: '食べ物',
        match_synonym: 'お腹すいた',
      },
    });
  });

  it('talk, a step reached by a search hit, is tracked with its score', async () => {
    const talks = fakeTalks({ failStart: false });
    const talk = createTalkSession(
      talks.port,
      demoCharacter.id,
      () => {},
      () => 'key-1',
    );
    await talk.begin({ btn: 'btn-talk' });
    talk.clipPlaying('greet');
    talk.clipShown('greet');

    talk.step({
      type: 'trackStep',
      characterId: demoCharacter.id,
      blockId: 'topic-travel',
      conversationId: null,
      utterance: '旅に出たい',
      via: 'search',
      match: 'search',
      matchScore: 3.25,
    });
    await settle();

    expect(talks.calls.at(-1)).toMatchObject({
      op: 'track',
      body: { block_id: 'topic-travel', via: 'search', match: 'search', match_score: 3.25 },
    });
  });

  it('talk, the first clip fails to play, releases the ticket, never tracks a step and stops the talk', async () => {
    const { runner, talks, view, start } = setUp();
    start('token-1');

    runner.videoFailed('B', 'greet', 'MEDIA_ERR_NETWORK');
    await settle();

    expect(talks.ops()).toEqual(['start', 'release']);
    expect(talks.calls[1]).toMatchObject({
      talkId: 'talk-1',
      reason: expect.stringContaining('video error') as unknown,
    });
    expect(view().ended).not.toBeNull();
  });

  it('talk, the first clip has no URL, releases the ticket', async () => {
    const media = mediaFor(demoCharacter);
    delete media.videos.greet;
    const { talks, time, start } = setUp({ media });
    start('token-1');

    time.advance(0);
    await settle();

    expect(talks.ops()).toEqual(['start', 'release']);
  });

  it('talk, the user leaves before the first clip is on screen, releases the ticket', async () => {
    const { runner, talks, start } = setUp();
    start('token-1');

    runner.dispose();
    await settle();

    expect(talks.ops()).toEqual(['start', 'release']);
    expect(talks.calls[1]).toMatchObject({ reason: 'left before the first clip' });
  });

  it('talk, stopped before the first clip is on screen, releases rather than ends', async () => {
    const { runner, talks, start } = setUp();
    start();

    runner.send({ type: 'stop' });
    await settle();

    expect(talks.ops()).toEqual(['start', 'release']);
  });

  it('talk, a clip fails after the first was shown, keeps the ticket and the talk goes on', async () => {
    const { runner, talks, view, start } = setUp();
    start('token-1');
    runner.videoShown('greet');
    await settle();

    runner.videoFailed('B', 'listen_1', 'decode error');
    await settle();

    expect(talks.ops()).not.toContain('release');
    expect(view().ended).toBeNull();
  });

  it('talk, the user leaves after the first clip, sends nothing more (the tracker keeps the place to resume)', async () => {
    const { runner, talks, start } = setUp();
    start('token-1');
    runner.videoShown('greet');
    await settle();

    runner.dispose();
    await settle();

    expect(talks.ops()).toEqual(['start', 'track']);
  });

  it('talk, the engine ends after the first clip, posts the end with the reason and the billed time after the last step', async () => {
    const { runner, talks, time, view, start } = setUp();
    start('token-1');
    runner.videoShown('greet');
    runner.send({ type: 'videoTimeReached', slot: view().activeSlot, videoId: 'greet', ms: GREET_MIC_MS });
    time.advance(4000);

    runner.send({ type: 'stop' });
    await settle();

    expect(talks.ops()).toEqual(['start', 'track', 'end']);
    expect(talks.calls[2]).toMatchObject({ op: 'end', talkId: 'talk-1', reason: 'stopped' });
    expect((talks.calls[2] as { totalBilledTime: number }).totalBilledTime).toBeGreaterThanOrEqual(4000);
  });

  it('talk, the start request fails twice, retries once with the same key, logs it and the talk goes on untracked', async () => {
    const { runner, talks, reports, view, start } = setUp({ failStart: true });
    start('token-1');
    await settle();
    runner.videoShown('greet');
    await settle();

    const starts = talks.calls.filter((c) => c.op === 'start');
    expect(starts).toHaveLength(2);
    expect(starts[0]?.key).toBe(starts[1]?.key);
    expect(talks.ops()).not.toContain('track');
    expect(reports.some((r) => r.category === 'error')).toBe(true);
    expect(view().ended).toBeNull();
  });

  it('talk, the server refuses the start of a free character (404, no longer published), does not retry, stops the talk back to the standby and says why', async () => {
    const { talks, view, notice, start, video } = setUp({ refuseStart: 404 });
    start();
    await settle();

    expect(talks.ops()).toEqual(['start']);
    expect(view().ended).toBeNull();
    expect(view().startButtons.length).toBeGreaterThan(0);
    expect(notice()).toBe('unavailable');
    expect(video.played().at(-1)).toBe('standby.mp4');
  });

  it('talk, a priced character, waits for the server before the engine starts and a refused start (402) never plays', async () => {
    const { talks, view, notice, start, video } = setUp({
      refuseStart: 402,
      character: { ...demoCharacter, price: 1200 },
    });
    start();
    expect(video.played()).toEqual(['standby.mp4']);
    await settle();

    expect(talks.ops()).toEqual(['start']);
    expect(video.played()).toEqual(['standby.mp4']);
    expect(view().startButtons.length).toBeGreaterThan(0);
    expect(notice()).toBe('ticketRequired');
  });

  it('talk, a second talk after the first ended, is a new talk with its own key', async () => {
    const { runner, talks, start } = setUp();
    start('token-1');
    runner.videoShown('greet');
    runner.send({ type: 'stop' });
    runner.send({ type: 'ready' });

    start('token-2');
    await settle();

    const starts = talks.calls.filter((c) => c.op === 'start');
    expect(starts.map((c) => c.body.ticket_use_token)).toEqual(['token-1', 'token-2']);
    expect(starts[0]?.key).not.toBe(starts[1]?.key);
  });

  it('talk, the engine does not start (the button leads to a missing block), releases the ticket at once', async () => {
    const broken = {
      ...demoCharacter,
      startButtons: demoCharacter.startButtons.map((b) =>
        b.id === 'btn-talk' ? { ...b, block_id: 'no-such-block' } : b,
      ),
    };
    const { talks, view, start } = setUp({ character: broken });

    start('token-1');
    await settle();

    expect(talks.ops()).toEqual(['start', 'release']);
    expect(talks.calls[1]).toMatchObject({ reason: 'the engine did not start' });
    expect(view().startButtons.length).toBeGreaterThan(0);
  });

  it('talk, resumed, names the block it resumes from', async () => {
    const { runner, talks } = setUp();

    runner.startTalk(
      { btn: 'resume', resumedFrom: 'topic-travel' },
      { type: 'start', source: 'resume', blockId: 'topic-travel' },
    );
    await settle();

    expect(talks.calls[0]).toMatchObject({ body: { btn: 'resume', resumed_from: 'topic-travel' } });
    expect(talks.calls[0]).not.toHaveProperty('body.ticket_use_token');
  });
});
