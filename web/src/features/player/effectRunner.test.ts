import { describe, expect, it } from 'vitest';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState } from '@talkwith/dialogue-engine';
import type { Character } from '@talkwith/proto/dialogue';
import { makeStore } from '../../app/store.ts';
import { createEffectRunner } from './effectRunner.ts';
import { selectPlayer, sessionOpened } from './playerSlice.ts';
import { fakeClock, fakeLogs, fakeRecognition, fakeSpeech, fakeVideo, mediaFor, settle } from './testing.ts';

const GREET_MIC_MS = demoCharacter.videos.find((v) => v.id === 'greet')?.mic_on_millisecond ?? 0;

function setUp(
  character: Character = demoCharacter,
  media = mediaFor(character),
  recognition = fakeRecognition(),
  uiLanguage?: string,
) {
  const store = makeStore();
  const video = fakeVideo();
  const speech = fakeSpeech();
  const logs = fakeLogs();
  const time = fakeClock();
  store.dispatch(
    sessionOpened({
      characterId: character.id,
      seed: 7,
      rt: initialState(character, { seed: 7 }).rt,
      speechMode: 'webSpeech',
    }),
  );
  const runner = createEffectRunner({
    character,
    media,
    dispatch: store.dispatch,
    getPlayer: () => selectPlayer(store.getState()),
    video: video.port,
    speech: speech.port,
    logs: logs.sink,
    clock: time.clock,
    recognition: recognition.port,
    talk: null,
    ...(uiLanguage ? { uiLanguage } : {}),
  });
  const view = () => selectPlayer(store.getState()).view;
  /** Starts talking and lets the greeting reach the point where the microphone opens. */
  const startTalking = () => {
    runner.send({ type: 'ready' });
    runner.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    runner.send({ type: 'videoTimeReached', slot: view().activeSlot, videoId: 'greet', ms: GREET_MIC_MS });
  };
  const endVisible = () => {
    const v = view();
    const id = v.slots[v.activeSlot].videoId;
    if (id) runner.send({ type: 'videoEnded', slot: v.activeSlot, videoId: id });
  };
  return { store, runner, video, speech, logs, time, view, startTalking, endVisible };
}

describe('player effect runner', () => {
  it('runner, each step, asks the stage to keep warm the clips the user can reach next (the greeting first at standby, the listen loop first while greeting)', () => {
    const { runner, video, startTalking } = setUp();
    runner.send({ type: 'ready' });
    expect(video.warmed.at(-1)?.[0]).toMatch(/greet\.mp4$/u);
    startTalking();
    const warm = video.warmed.at(-1) ?? [];
    expect(warm[0]).toMatch(/listen_1\.mp4$/u);
    expect(warm).toEqual(
      expect.arrayContaining([expect.stringMatching(/topic_food\.mp4$/u), expect.stringMatching(/invalid_1\.mp4$/u)]),
    );
  });

  it('runner, primeMedia twice, primes the stage once (the first gesture)', () => {
    const { runner, video } = setUp();
    runner.primeMedia();
    runner.primeMedia();
    expect(video.calls.filter((c) => c.op === 'prime')).toHaveLength(1);
  });

  it('runner, ready, loops the standby video and shows the three start buttons', () => {
    const { runner, video, view } = setUp();
    runner.send({ type: 'ready' });
    expect(video.calls[0]).toEqual({
      op: 'play',
      slot: 'A',
      url: '/files/characters/demo-mirai/videos/standby.mp4',
      loop: true,
      loopCount: 0,
      notifyAtMs: null,
    });
    expect(view().startButtons.map((b) => b.title)).toEqual(['話す', '占い', 'マイクテスト']);
    expect(view().subtitle).toBe('standby');
  });

  it('runner, start button, plays the greeting in the other slot, preloads the listen loop and shows its subtitle', () => {
    const { runner, video, view } = setUp();
    runner.send({ type: 'ready' });
    runner.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    expect(video.calls).toContainEqual({
      op: 'play',
      slot: 'B',
      url: '/files/characters/demo-mirai/videos/greet.mp4',
      loop: false,
      loopCount: 1,
      notifyAtMs: GREET_MIC_MS,
    });
    expect(video.calls).toContainEqual({
      op: 'preload',
      slot: 'A',
      url: '/files/characters/demo-mirai/videos/listen_1.mp4',
    });
    expect(view()).toMatchObject({ activeSlot: 'B', subtitle: 'greet', startButtons: [] });
    expect(view().actionButtons.map((b) => b.id)).toEqual(['ab-fortune', 'ab-finish']);
  });

  it('runner, greeting reaches mic_on_millisecond, opens the recogniser and starts the 8 s silence timer', () => {
    const { speech, time, view, startTalking } = setUp();
    startTalking();
    expect(speech.state.open).toBe(true);
    expect(view().micOn).toBe(true);
    expect(time.pending()).toBe(1);
  });

  it('runner, silence for 8 s, fires the engine timer and plays the first silence video', () => {
    const { video, time, startTalking } = setUp();
    startTalking();
    time.advance(8000);
    expect(video.played().at(-1)).toBe('silence_1.mp4');
  });

  it('runner, ラーメン said, waits hit_word_delay, plays the skip filler then the food reply and fills the food slot', () => {
    const { runner, video, time, view, speech, startTalking, endVisible } = setUp();
    startTalking();
    runner.send({ type: 'speechFinal', text: 'ラーメン' });
    expect(speech.state.open).toBe(false);
    expect(view().filledSlots).toEqual({ food: 'ラーメン' });
    time.advance(300);
    expect(video.played().at(-1)).toBe('skip.mp4');
    endVisible();
    expect(video.played().at(-1)).toBe('food_reply.mp4');
    expect(view().previousSpeech).toBe('ラーメン');
  });

  it('runner, an understood utterance, cues at once the clip hit_word_delay’s end will play (the stage starts it ahead), and that clip is the one played', () => {
    const { runner, video, time, startTalking } = setUp();
    startTalking();

    runner.send({ type: 'speechFinal', text: 'ラーメン' });
    const cues = video.calls.filter((c) => c.op === 'cue').map((c) => [c.url?.split('/').pop(), c.inMs]);
    time.advance(300);

    expect(cues).toEqual([['skip.mp4', 300]]);
    expect(video.played().at(-1)).toBe('skip.mp4');
  });

  it('runner, an utterance not understood (no delay before its reply), cues nothing', () => {
    const { runner, video, startTalking } = setUp();
    startTalking();

    runner.send({ type: 'speechFinal', text: 'ええと' });

    expect(video.calls.filter((c) => c.op === 'cue')).toEqual([]);
  });

  it('runner, an utterance the character cannot answer (a visitor, no talk), reports it as unmatched and plays the invalid reply at once', () => {
    const recognition = fakeRecognition();
    const { runner, video, startTalking } = setUp(demoCharacter, mediaFor(demoCharacter), recognition);
    startTalking();

    runner.send({ type: 'speechFinal', text: 'ええと' });

    expect(recognition.unmatched).toEqual([
      { character_id: 'demo-mirai', block_id: 'greet', text: 'ええと', reason: 'invalid' },
    ]);
    expect(video.played().at(-1)).toBe('invalid_1.mp4');
  });

  it('runner, the unmatched report fails, goes on talking and logs nothing for it', async () => {
    const recognition = fakeRecognition({ fail: 'offline' });
    const { runner, logs, startTalking } = setUp(demoCharacter, mediaFor(demoCharacter), recognition);
    startTalking();
    const logged = logs.entries.length;

    runner.send({ type: 'speechFinal', text: 'ええと' });
    await settle();

    expect(recognition.unmatched).toHaveLength(1);
    expect(logs.entries.slice(logged).filter((e) => e.category === 'error')).toEqual([]);
  });

  it('runner, microphone switched off by the user, keeps the recogniser closed while the engine listens, and opens it when switched on', () => {
    const { runner, speech, startTalking } = setUp();
    runner.setMicEnabled(false);
    startTalking();
    expect(speech.state.starts).toBe(0);
    runner.setMicEnabled(true);
    expect(speech.state.open).toBe(true);
  });

  it('runner, pause then resume, pauses and resumes the video', () => {
    const { runner, video, view, startTalking } = setUp();
    startTalking();
    runner.send({ type: 'pause' });
    expect(view().paused).toBe(true);
    runner.send({ type: 'resume' });
    expect(video.calls.slice(-2).map((c) => c.op)).toEqual(['pause', 'resume']);
    expect(view().paused).toBe(false);
  });

  it('runner, stop, ends the conversation, pauses the clip, clears every timer and closes the recogniser', () => {
    const { runner, time, view, speech, video, startTalking } = setUp();
    startTalking();
    runner.send({ type: 'stop' });
    expect(view().ended?.reason).toBe('stopped');
    expect(video.calls.at(-1)?.op).toBe('pause');
    expect(time.pending()).toBe(0);
    expect(speech.state.open).toBe(false);
  });

  it('runner, engine logs, go to the log sink with the character id', () => {
    const { runner, logs } = setUp();
    runner.send({ type: 'ready' });
    expect(logs.entries[0]).toMatchObject({
      category: 'play',
      characterId: 'demo-mirai',
      message: expect.stringContaining('standby.mp4'),
    });
  });

  it('runner, a block searching its valid responses, asks the server among the candidates and goes to the block it ranks first', async () => {
    const character = searchingCharacter();
    const recognition = fakeRecognition({
      hits: [
        { block_id: 'hokkaido', score: 88 },
        { block_id: 'kyoto', score: 12 },
      ],
    });
    const { runner, video, time, view, startTalking, endVisible } = setUp(character, mediaFor(character), recognition);
    startTalking();

    runner.send({ type: 'speechFinal', text: '北海道に行きたいな' });
    expect(view().pendingRequests).toBe(1);
    await settle();

    expect(recognition.searches).toEqual([
      { character_id: 'demo-mirai', block_id: 'greet', text: '北海道に行きたいな', candidates: ['kyoto', 'hokkaido'] },
    ]);
    expect(view().pendingRequests).toBe(0);
    time.advance(300);
    endVisible();
    expect(video.played().at(-1)).toBe('hokkaido.mp4');
  });

  it("runner, 「御飯の話」 with a server that understands, asks it for the greeting's hit words and goes to the food topic on its reading match", async () => {
    const recognition = fakeRecognition({ matches: [{ word: 'ごはん', negated: false, via: 'reading' }] });
    const { runner, video, time, view, startTalking, endVisible } = setUp(demoCharacter, undefined, recognition);
    startTalking();

    runner.send({ type: 'speechFinal', text: '御飯の話' });
    expect(view().pendingRequests).toBe(1);
    await settle();
    time.advance(300);
    endVisible();

    expect(recognition.understood).toEqual([{ character_id: 'demo-mirai', block_id: 'greet', text: '御飯の話' }]);
    expect(view().pendingRequests).toBe(0);
    expect(video.played().slice(-2)).toEqual(['skip.mp4', 'topic_food.mp4']);
  });

  it("runner, English interface with English subtitles, takes ミライ's English route locally without asking the server", async () => {
    const recognition = fakeRecognition({ matches: [] });
    const { runner, video, time, startTalking, endVisible } = setUp(demoCharacter, undefined, recognition, 'en-US');
    startTalking();

    runner.send({ type: 'speechFinal', text: 'Tell me about your trips!' });
    time.advance(300);
    endVisible();

    expect(recognition.understood).toEqual([]);
    expect(video.played().slice(-2)).toEqual(['skip.mp4', 'topic_travel.mp4']);
  });

  it('runner, English talk saying no English hit word, asks the server to understand it in en-US', async () => {
    const recognition = fakeRecognition({ matches: [] });
    const { runner, startTalking } = setUp(demoCharacter, undefined, recognition, 'en-US');
    startTalking();

    runner.send({ type: 'speechFinal', text: 'something to munch on' });
    await settle();

    expect(recognition.understood).toEqual([
      { character_id: 'demo-mirai', block_id: 'greet', text: 'something to munch on', language: 'en-US' },
    ]);
  });

  it('runner, a hit word said, answers locally without asking the server', () => {
    const recognition = fakeRecognition();
    const { runner, startTalking } = setUp(searchingCharacter(), undefined, recognition);
    startTalking();

    runner.send({ type: 'speechFinal', text: 'ラーメン' });

    expect(recognition.searches).toEqual([]);
    expect(recognition.scores).toEqual([]);
  });

  it('runner, the server search fails, tells the engine requestFailed and the conversation goes on (no request left pending)', async () => {
    const character = searchingCharacter();
    const recognition = fakeRecognition({ fail: 'RATE_LIMITED' });
    const { runner, view, logs, startTalking } = setUp(character, mediaFor(character), recognition);
    startTalking();

    runner.send({ type: 'speechFinal', text: '北海道に行きたいな' });
    await settle();

    expect(view().pendingRequests).toBe(0);
    expect(view().ended).toBeNull();
    expect(logs.entries.some((e) => JSON.stringify(e).includes('RATE_LIMITED'))).toBe(true);
  });

  it('runner, a block scored by SPJ, sends the category of the block and the utterance to the server', async () => {
    const character = scoringCharacter();
    const recognition = fakeRecognition({ score: 95 });
    const { runner, startTalking } = setUp(character, mediaFor(character), recognition);
    startTalking();

    runner.send({ type: 'speechFinal', text: 'きょうはいい天気' });
    await settle();

    expect(recognition.scores).toEqual([
      { character_id: 'demo-mirai', block_id: 'greet', text: 'きょうはいい天気', category: 'weather' },
    ]);
  });

  it('runner, disposed while a search is on its way, ignores the late answer', async () => {
    const character = searchingCharacter();
    const recognition = fakeRecognition({ hits: [{ block_id: 'kyoto', score: 90 }] });
    const { runner, view, startTalking } = setUp(character, mediaFor(character), recognition);
    startTalking();
    runner.send({ type: 'speechFinal', text: '京都' + 'かな' });
    runner.dispose();

    await settle();

    expect(view().pendingRequests).toBe(1);
  });

  it('runner, a video without a URL, logs an error and reports it ended so the conversation goes on', () => {
    const media = mediaFor(demoCharacter);
    delete media.videos.greet;
    const { runner, logs, time, video } = setUp(demoCharacter, media);
    runner.send({ type: 'ready' });
    runner.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    time.advance(0);
    expect(logs.entries.some((e) => e.category === 'error' && e.message.includes('greet'))).toBe(true);
    expect(video.played().filter((name) => name !== 'standby.mp4').length).toBeGreaterThan(0);
  });
});

/** The demo character with greet searching kyoto/hokkaido on the server instead of by hit words. */
function searchingCharacter(): Character {
  return {
    ...demoCharacter,
    setting: { ...demoCharacter.setting, es_index_name: 'demo' },
    blocks: demoCharacter.blocks.map((b) =>
      b.id === 'greet'
        ? {
            ...b,
            hit_words: b.hit_words.filter((h) => h.block_id !== 'kyoto' && h.block_id !== 'hokkaido'),
            valid_response_ids: ['kyoto', 'hokkaido'],
          }
        : b,
    ),
  };
}

/** The demo character with greet scored by SPJ in the category weather. */
function scoringCharacter(): Character {
  return {
    ...demoCharacter,
    setting: { ...demoCharacter.setting, spj_url: 'https://spj.example/score' },
    blocks: demoCharacter.blocks.map((b) =>
      b.id === 'greet' ? { ...b, hit_words: [], hit_word: '', valid_response_ids: [], spj_category: 'weather' } : b,
    ),
  };
}
