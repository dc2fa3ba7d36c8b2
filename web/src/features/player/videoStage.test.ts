import { describe, expect, it, vi } from 'vitest';
import { createVideoStage, SHOWN_CLASS } from './videoStage.ts';
import type { VideoEvents } from './ports.ts';
import { FakeAudioContext } from './audio-test-kit.ts';

/**
 * jsdom has no media pipeline: each <video> gets a scripted one. `ready`
 * makes it hold a decoded first frame; `frame(t, now)` presents a frame.
 */
/** A started clock's media time once it has run the stage's pre-roll (clipRun.CUT_CLOCK_LEAD_MS, two vsyncs). */
const CLOCK_RAN = 0.04;

function fakeMedia(el: HTMLVideoElement) {
  const state = {
    readyState: 0,
    currentTime: 0,
    paused: true,
    duration: 2,
    /** Chromium's clock starts 40–150 ms after play() (currentTime stays 0 until then); here at once unless set false. */
    clockStartsAtPlay: true,
    callbacks: new Map<number, VideoFrameRequestCallback>(),
    handles: 0,
  };
  Object.defineProperties(el, {
    readyState: { get: () => state.readyState },
    currentTime: {
      get: () => state.currentTime,
      set: (t: number) => {
        state.currentTime = t;
      },
    },
    paused: { get: () => state.paused },
    duration: { get: () => state.duration },
    seeking: { get: () => false },
  });
  el.load = vi.fn(() => {
    state.readyState = 0;
    state.currentTime = 0;
  });
  el.play = vi.fn(() => {
    state.paused = false;
    if (state.clockStartsAtPlay && state.currentTime === 0) state.currentTime = CLOCK_RAN;
    return Promise.resolve();
  });
  el.pause = vi.fn(() => {
    state.paused = true;
  });
  el.requestVideoFrameCallback = (cb: VideoFrameRequestCallback) => {
    state.callbacks.set(++state.handles, cb);
    return state.handles;
  };
  el.cancelVideoFrameCallback = (handle: number) => {
    state.callbacks.delete(handle);
  };
  return {
    state,
    ready() {
      state.readyState = 4;
    },
    /** The clock starts: the media time leaves 0 (the frame on screen stays frame 0). */
    clockStarts(mediaTime = CLOCK_RAN) {
      state.currentTime = mediaTime;
    },
    /** Presents a frame: the frame callbacks of the rendering update `now` (its animation frame callbacks come after: runFrame). */
    frame(mediaTime: number, now: number) {
      // A playing element presenting its frame 0 has its clock running (unless told it starts late).
      state.currentTime = mediaTime === 0 && !state.paused && state.clockStartsAtPlay ? CLOCK_RAN : mediaTime;
      const due = [...state.callbacks.values()];
      state.callbacks.clear();
      for (const cb of due)
        cb(now, {
          mediaTime,
          expectedDisplayTime: now,
          presentationTime: now,
          presentedFrames: 1,
          width: 480,
          height: 270,
        });
    },
  };
}

function setUp(poolSize = 4) {
  const container = document.createElement('div');
  const rafs: Array<(now: number) => void> = [];
  const events = { ended: vi.fn(), timeReached: vi.fn(), failed: vi.fn(), shown: vi.fn() } satisfies VideoEvents;
  // The pool creates its elements at once; the fake media is attached to each right after.
  const idles: Array<() => void> = [];
  const stage = createVideoStage(container, events, {
    poolSize,
    raf: (cb) => rafs.push(cb),
    idle: (fn) => idles.push(fn),
  });
  const media = new Map(stage.pool.elements.map((el) => [el, fakeMedia(el)]));
  const mediaOf = (url: string) => {
    const el = stage.pool.elements.find((e) => e.getAttribute('src') === url);
    if (!el) throw new Error(`no element holds ${url}`);
    return { el, ...media.get(el)! };
  };
  const mediaOfElement = (el: HTMLVideoElement) => media.get(el)!;
  // Animation frame callbacks asked for while they run belong to the next rendering update.
  const runFrame = (now: number) => {
    for (const cb of rafs.splice(0)) cb(now);
  };
  /** One rendering update in which `video` presents the frame at `mediaTime`: its frame callbacks, then the animation frame callbacks. */
  const present = (video: ReturnType<typeof fakeMedia>, mediaTime: number, now: number) => {
    video.frame(mediaTime, now);
    runFrame(now);
  };
  const shown = () => container.querySelectorAll(`.${SHOWN_CLASS}`);
  const whenIdle = () => {
    for (const fn of idles.splice(0)) fn();
  };
  return { stage, events, mediaOf, mediaOfElement, runFrame, present, shown, container, whenIdle };
}

const once = { loop: false, loopCount: 1, notifyAtMs: null };
const endless = { loop: true, loopCount: 0, notifyAtMs: null };

/** The listen loop on screen, having presented frame k/15 at k × 66.7 ms for each k of `frames`, and the reply clip warm and ready. */
function listenWithWarmReply(frames: number[] = [0]) {
  const world = setUp();
  world.stage.play('A', '/v/listen.mp4', { videoId: 'listen', ...endless });
  const listen = world.mediaOf('/v/listen.mp4');
  listen.ready();
  for (const k of frames) world.present(listen, k / 15, k * 66.7);
  world.stage.warm(['/v/reply.mp4']);
  world.whenIdle();
  const reply = world.mediaOf('/v/reply.mp4');
  reply.ready();
  return { ...world, listen, reply };
}

/** The listen loop on screen after its first frame, with its twin (the next pass, on another element) loaded and ready. */
function loopWithReadyTwin() {
  const world = setUp();
  world.stage.play('A', '/v/listen.mp4', { videoId: 'listen', ...endless });
  const first = world.mediaOf('/v/listen.mp4');
  first.ready();
  world.present(first, 0, 0);
  world.whenIdle();
  const twin = [...world.container.querySelectorAll('video')].find(
    (v) => v !== first.el && v.getAttribute('src') === '/v/listen.mp4',
  );
  if (!twin) throw new Error('no twin was loaded');
  world.mediaOfElement(twin).ready();
  return { ...world, first, twin };
}

/** The cue's module is loaded by the first tap (prime). */
async function cueLoaded(stage: ReturnType<typeof createVideoStage>) {
  stage.prime();
  await vi.dynamicImportSettled();
}

/** The AudioContexts the page makes (soundRoute.ts), each a fake that starts when resumed; undone by vi.unstubAllGlobals(). */
function audioContexts(): FakeAudioContext[] {
  const contexts: FakeAudioContext[] = [];
  vi.stubGlobal(
    'AudioContext',
    vi.fn(() => {
      const context = new FakeAudioContext();
      contexts.push(context);
      return context;
    }),
  );
  return contexts;
}

/** The first tap, its module loaded and the sound routed. */
async function primeRouted(stage: ReturnType<typeof createVideoStage>) {
  stage.prime();
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The sound routed; greet on screen at its last frame but one (1.867 s, at 1000), listen warm and played when greet
 * ends. Undo the AudioContext stub with vi.unstubAllGlobals().
 */
async function routedGreetBeforeListen() {
  audioContexts();
  const world = setUp();
  const { stage, mediaOf, present, events, whenIdle } = world;
  stage.play('A', '/v/greet.mp4', { videoId: 'greet', ...once });
  const greet = mediaOf('/v/greet.mp4');
  greet.ready();
  present(greet, 0, 0);
  await primeRouted(stage);
  stage.warm(['/v/listen.mp4']);
  whenIdle();
  present(greet, 1.867, 1000);
  const listen = mediaOf('/v/listen.mp4');
  listen.ready();
  events.ended.mockImplementation(() => stage.play('B', '/v/listen.mp4', { videoId: 'listen', ...endless }));
  return { ...world, greet, listen };
}

describe('video stage', () => {
  it('play, cold clip, stays hidden until its first frame is presented, then shows it in that rendering update (never an empty stage)', () => {
    const { stage, mediaOf, shown, events, present } = setUp();
    stage.play('A', '/v/standby.mp4', { videoId: 'standby', ...endless });
    const standby = mediaOf('/v/standby.mp4');
    expect(shown()).toHaveLength(0);
    standby.ready();
    present(standby, 0, 100);
    expect([...shown()]).toEqual([standby.el]);
    expect(events.shown).toHaveBeenCalledWith('A', 'standby', standby.el);
  });

  it('play, interrupting a loop with a cold clip, keeps the old clip shown until the new one has a frame and the old frame has had its interval', () => {
    const { stage, mediaOf, shown, present, runFrame } = setUp();
    stage.play('A', '/v/standby.mp4', { videoId: 'standby', ...endless });
    const standby = mediaOf('/v/standby.mp4');
    standby.ready();
    // 15 fps: a frame every four rendering updates.
    for (const k of [0, 1, 2]) present(standby, k / 15, k * 66.7);
    stage.play('B', '/v/greet.mp4', { videoId: 'greet', ...once });
    const greet = mediaOf('/v/greet.mp4');
    runFrame(150);
    expect([...shown()]).toEqual([standby.el]);
    greet.ready();
    present(greet, 0, 166.7);
    expect([...shown()]).toEqual([standby.el]);
    runFrame(183.3);
    // Standby's next frame and the switch fall in the same rendering update: standby's frame is never seen, greet's is.
    standby.frame(0.2, 200);
    runFrame(200);
    expect([...shown()]).toEqual([greet.el]);
    expect(standby.el.pause).toHaveBeenCalled();
  });

  it('play, a warm clip cutting the clip on screen, starts it hidden and muted at once and shows it one frame interval after that clip’s last frame, not in the next rendering update', () => {
    const { stage, shown, present, runFrame, listen, reply } = listenWithWarmReply();
    present(listen, 1 / 15, 66.7);
    present(listen, 2 / 15, 133.3);
    stage.prime();
    vi.mocked(reply.el.play).mockClear();

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    for (const now of [150, 166.7, 183.3]) runFrame(now);
    const early = { shown: [...shown()], played: vi.mocked(reply.el.play).mock.calls.length, muted: reply.el.muted };
    // Listen's next frame is late (presentation jitters by a rendering update): the switch does not wait for it.
    runFrame(200);

    expect(early).toEqual({ shown: [listen.el], played: 1, muted: true });
    expect([...shown()]).toEqual([reply.el]);
    expect(reply.el.muted).toBe(false);
    expect(reply.el.play).toHaveBeenCalledTimes(1);
  });

  it('play, a warm clip cutting the clip on screen, whose clock starts late, stays hidden on its frame 0 until its clock runs (its frame 1 then follows within an interval)', () => {
    const { stage, shown, present, runFrame, listen, reply } = listenWithWarmReply();
    present(listen, 1 / 15, 66.7);
    present(listen, 2 / 15, 133.3);
    reply.state.clockStartsAtPlay = false;

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    for (const now of [150, 166.7, 183.3]) runFrame(now);
    present(listen, 3 / 15, 200);
    for (const now of [216.7, 233.3, 250]) runFrame(now);
    // Listen presents a frame in time: without its clock, reply is not shown in its place.
    present(listen, 4 / 15, 266.7);
    const beforeClock = [...shown()];
    reply.clockStarts();
    for (const now of [283.3, 300, 316.7]) runFrame(now);
    const onCadence = [...shown()];
    runFrame(333.3);

    expect(beforeClock).toEqual([listen.el]);
    // Once its clock runs, it waits for listen's frame to have had its interval.
    expect(onCadence).toEqual([listen.el]);
    expect([...shown()]).toEqual([reply.el]);
  });

  it('play, a warm clip cutting the clip on screen, whose clock has run only a vsync, stays hidden until it has run two (pre-roll: at 4× CPU its frame 1 came a vsync or two late and frame 0 was held)', () => {
    const { stage, shown, runFrame, listen, reply } = listenWithWarmReply();
    // Listen stopped: the switch need not wait for its cadence, only for reply's clock.
    stage.pause();
    reply.state.clockStartsAtPlay = false;

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    runFrame(83.3);
    reply.clockStarts(0.02);
    for (const now of [100, 116.7, 133.3, 150]) runFrame(now);
    const oneVsyncIn = [...shown()];
    reply.clockStarts(0.035);
    runFrame(166.7);

    expect(oneVsyncIn).toEqual([listen.el]);
    expect([...shown()]).toEqual([reply.el]);
  });

  it('play, a warm clip whose clock never starts, is shown on its frame 0 after at most 200 ms (never stuck behind the old clip)', () => {
    const { stage, shown, runFrame, listen, reply } = listenWithWarmReply();
    stage.pause();
    reply.state.clockStartsAtPlay = false;

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    for (let now = 500; now < 700; now += 16.7) runFrame(now);
    const before = [...shown()];
    runFrame(700);

    expect(before).toEqual([listen.el]);
    expect([...shown()]).toEqual([reply.el]);
  });

  it('play, a warm clip asked for after the clip on screen was due its next frame, lets that late frame be seen for one interval (hiding it would hold the frame before for longer)', () => {
    const { stage, shown, present, runFrame, listen, reply } = listenWithWarmReply([0, 1, 2]);
    runFrame(150);
    runFrame(183.3);
    runFrame(200);

    // Asked for in the rendering update in which listen's late frame (due at 200) is presented.
    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    present(listen, 3 / 15, 216.7);
    const withLateFrame = [...shown()];
    for (const now of [233.3, 250, 266.7]) runFrame(now);
    const meanwhile = [...shown()];
    runFrame(283.3);

    expect(withLateFrame).toEqual([listen.el]);
    expect(meanwhile).toEqual([listen.el]);
    expect([...shown()]).toEqual([reply.el]);
  });

  it('play, a warm clip cutting a clip whose next frame comes early (presentation jitter), shows it in place of that frame', () => {
    const { stage, shown, present, runFrame, listen, reply } = listenWithWarmReply([0, 1, 2]);

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    runFrame(150);
    runFrame(166.7);
    present(listen, 3 / 15, 183.3);

    expect([...shown()]).toEqual([reply.el]);
  });

  it('play, a warm clip cutting a clip still on its first frame (its clock starting late), waits for that clip’s next frame and lets it be seen', () => {
    const { stage, mediaOf, shown, present, runFrame, whenIdle } = setUp();
    stage.play('A', '/v/goodbye.mp4', { videoId: 'goodbye', ...once });
    const goodbye = mediaOf('/v/goodbye.mp4');
    goodbye.ready();
    for (const k of [0, 1, 2]) present(goodbye, k / 15, k * 66.7);
    stage.warm(['/v/greet.mp4']);
    whenIdle();
    const greet = mediaOf('/v/greet.mp4');
    greet.ready();
    stage.play('B', '/v/standby.mp4', { videoId: 'standby', ...endless });
    const standby = mediaOf('/v/standby.mp4');
    standby.ready();
    present(standby, 0, 200);

    // Standby's first frame has been on screen for 100 ms, its second is not there yet.
    stage.play('A', '/v/greet.mp4', { videoId: 'greet', ...once });
    runFrame(300);
    present(standby, 1 / 15, 316.7);
    for (const now of [333.3, 350, 366.7]) runFrame(now);
    const meanwhile = [...shown()];
    runFrame(383.3);

    expect(meanwhile).toEqual([standby.el]);
    expect([...shown()]).toEqual([greet.el]);
  });

  it('play, a warm clip cutting a playing clip that presents no frame (stalled), shows it after at most 100 ms', () => {
    const { stage, shown, runFrame, listen, reply } = listenWithWarmReply();

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    for (const now of [500, 516.7, 533.3, 550, 566.7, 583.3]) runFrame(now);
    const before = [...shown()];
    runFrame(600);

    expect(before).toEqual([listen.el]);
    expect([...shown()]).toEqual([reply.el]);
  });

  it('play, a warm clip cutting a clip that presents no more frames (paused), shows it in the next rendering update', () => {
    const { stage, shown, runFrame, reply } = listenWithWarmReply();
    stage.pause();

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    runFrame(500);

    expect([...shown()]).toEqual([reply.el]);
  });

  it('ended naturally, at the last frame, reports the end at once and shows the warm next clip one frame later', () => {
    const { stage, mediaOf, shown, runFrame, present, events, whenIdle } = setUp();
    stage.play('A', '/v/greet.mp4', { videoId: 'greet', ...once });
    const greet = mediaOf('/v/greet.mp4');
    greet.ready();
    // 15 fps: frames every 66.7 ms; duration 2 s, so the frame at 1.933 s is the last.
    present(greet, 0, 0);
    stage.warm(['/v/listen.mp4']);
    whenIdle();
    greet.frame(1.8, 933.3);
    greet.frame(1.867, 1000);
    const listen = mediaOf('/v/listen.mp4');
    listen.ready();
    events.ended.mockImplementation(() => stage.play('B', '/v/listen.mp4', { videoId: 'listen', ...endless }));
    greet.frame(1.933, 1066.7);
    expect(events.ended).toHaveBeenCalledWith('A', 'greet');
    runFrame(1083.3);
    runFrame(1100);
    expect([...shown()]).toEqual([greet.el]);
    runFrame(1133.3);
    expect([...shown()]).toEqual([listen.el]);
    expect(listen.el.play).toHaveBeenCalled();
  });

  it('ended naturally, the sound routed (the clock starts at play()), starts the next clip one pre-roll and the learnt latency before its time, without the muted start’s margin', async () => {
    const { shown, runFrame, present, greet, listen } = await routedGreetBeforeListen();

    // Last frame at 1066.7: shown at 1133.3; started at 1133.3 − 40 (latency guess) − 16.7 (pre-roll) = 1076.7.
    present(greet, 1.933, 1066.7);
    const playedAtLastFrame = vi.mocked(listen.el.play).mock.calls.length;
    runFrame(1083.3);
    const playedBy1083 = vi.mocked(listen.el.play).mock.calls.length;
    for (const now of [1100, 1116.7, 1133.3]) runFrame(now);
    vi.unstubAllGlobals();

    expect(playedAtLastFrame).toBe(0);
    expect(playedBy1083).toBe(1);
    expect([...shown()]).toEqual([listen.el]);
  });

  it('ended naturally, the next clip’s clock just under a vsync in at its time (the audio clock moves in steps), shows it at its time, not a vsync later', async () => {
    const { shown, runFrame, present, greet, listen } = await routedGreetBeforeListen();
    listen.state.clockStartsAtPlay = false;

    // Last frame at 1066.7: due on screen at 1133.3.
    present(greet, 1.933, 1066.7);
    for (const now of [1083.3, 1100, 1116.7]) runFrame(now);
    listen.clockStarts(0.012);
    runFrame(1133.3);
    vi.unstubAllGlobals();

    expect([...shown()]).toEqual([listen.el]);
  });

  it('prime, with an AudioContext that starts, routes the sound: a clip started hidden is unmuted behind a closed gain (its clock starts at once) and heard once shown', async () => {
    const contexts = audioContexts();
    const { stage, shown, present, runFrame, listen, reply } = listenWithWarmReply();
    const gainOf = (el: HTMLVideoElement) => contexts[0]!.gains[stage.pool.elements.indexOf(el)]!.gain.value;
    await primeRouted(stage);

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    runFrame(80);
    const hidden = { muted: reply.el.muted, gain: gainOf(reply.el), listening: gainOf(listen.el) };
    present(listen, 1 / 15, 66.7 * 2);
    for (const now of [150, 166.7]) runFrame(now);
    vi.unstubAllGlobals();

    expect(contexts).toHaveLength(1);
    expect(hidden).toEqual({ muted: false, gain: 0, listening: 1 });
    expect([...shown()]).toEqual([reply.el]);
    expect({ muted: reply.el.muted, gain: gainOf(reply.el) }).toEqual({ muted: false, gain: 1 });
  });

  it('endless loop, at its last frame, plays the next pass on a twin element already at frame 0 (no seek on screen)', () => {
    const { runFrame, shown, events, first, twin } = loopWithReadyTwin();
    first.frame(1.867, 1000);
    first.frame(1.933, 1066.7);
    for (const now of [1083.3, 1100, 1116.7, 1133.3]) runFrame(now);
    expect([...shown()]).toEqual([twin]);
    expect(twin.play).toHaveBeenCalled();
    expect(first.el.pause).toHaveBeenCalled();
    expect(events.ended).not.toHaveBeenCalled();
  });

  it('endless loop, its twin started early and reporting playing, is shown only one frame interval after the last frame (the last frame is seen)', () => {
    const { runFrame, present, shown, first, twin } = loopWithReadyTwin();
    present(first, 1.867, 1000);
    present(first, 1.933, 1066.7);
    for (const now of [1083.3, 1100]) runFrame(now);
    const started = vi.mocked(twin.play).mock.calls.length;

    twin.dispatchEvent(new Event('playing'));
    runFrame(1116.7);
    const beforeItsTime = [...shown()];
    runFrame(1133.3);

    expect(started).toBe(1);
    expect(beforeItsTime).toEqual([first.el]);
    expect([...shown()]).toEqual([twin]);
  });

  it('endless loop, its twin taking over the next pass, stops the element on screen from looping (its seek back to frame 0 would leave no frame to show)', () => {
    const { runFrame, present, first, twin } = loopWithReadyTwin();
    present(first, 1.867, 1000);
    present(first, 1.933, 1066.7);

    for (const now of [1083.3, 1100]) runFrame(now);

    expect(twin.play).toHaveBeenCalled();
    expect(twin.loop).toBe(true);
    expect(first.el.loop).toBe(false);
  });

  it('endless loop, its clock reaching the end before its twin is started, ends on its last frame instead of seeking back to frame 0, and the twin still takes over', () => {
    const { runFrame, present, shown, events, first, twin } = loopWithReadyTwin();
    present(first, 1.867, 1000);

    present(first, 1.933, 1066.7);
    const loopsAfterLastFrame = first.el.loop;
    first.el.dispatchEvent(new Event('ended'));
    for (const now of [1083.3, 1100, 1116.7, 1133.3]) runFrame(now);

    expect(loopsAfterLastFrame).toBe(false);
    expect(events.ended).not.toHaveBeenCalled();
    expect(twin.loop).toBe(true);
    expect([...shown()]).toEqual([twin]);
  });

  it('play, a warm clip cutting a loop on screen, stops that loop from seeking back to frame 0 while the clip waits for its clock', () => {
    const { stage, listen } = listenWithWarmReply();
    const looping = listen.el.loop;

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });

    expect(looping).toBe(true);
    expect(listen.el.loop).toBe(false);
  });

  it('play, a cold clip cutting a loop on screen, lets that loop go on looping while the clip loads', () => {
    const { stage, mediaOf, present } = setUp();
    stage.play('A', '/v/listen.mp4', { videoId: 'listen', ...endless });
    const listen = mediaOf('/v/listen.mp4');
    listen.ready();
    present(listen, 0, 0);

    stage.play('B', '/v/cold.mp4', { videoId: 'cold', ...once });

    expect(listen.el.loop).toBe(true);
  });

  it('counted loop of 2, reports the end only on the last frame of the second pass', () => {
    const { stage, mediaOf, events } = setUp();
    stage.play('A', '/v/nod.mp4', { videoId: 'nod', loop: true, loopCount: 2, notifyAtMs: null });
    const nod = mediaOf('/v/nod.mp4');
    nod.ready();
    nod.frame(0, 0);
    nod.frame(1.867, 100);
    nod.frame(1.933, 166);
    expect(events.ended).not.toHaveBeenCalled();
    nod.frame(0, 233);
    nod.frame(1.933, 300);
    expect(events.ended).toHaveBeenCalledTimes(1);
    expect(nod.el.loop).toBe(false);
  });

  it('notifyAtMs, a frame past it, reports the time once', () => {
    const { stage, mediaOf, events } = setUp();
    stage.play('A', '/v/greet.mp4', { videoId: 'greet', loop: false, loopCount: 1, notifyAtMs: 500 });
    const greet = mediaOf('/v/greet.mp4');
    greet.ready();
    greet.frame(0.467, 0);
    greet.frame(0.533, 66);
    greet.frame(0.6, 133);
    expect(events.timeReached).toHaveBeenCalledTimes(1);
    expect(events.timeReached).toHaveBeenCalledWith('A', 'greet', 500);
  });

  it('play, autoplay with sound refused, retries muted', async () => {
    const { stage, mediaOf } = setUp();
    stage.play('A', '/v/greet.mp4', { videoId: 'greet', ...once });
    const greet = mediaOf('/v/greet.mp4');
    // The first play() already ran; the next clip in this element is refused once.
    greet.el.play = vi.fn().mockRejectedValueOnce(new Error('NotAllowedError')).mockResolvedValue(undefined);
    stage.play('B', '/v/greet2.mp4', { videoId: 'greet2', ...once });
    stage.play('A', '/v/greet.mp4', { videoId: 'greet', ...once });
    await vi.waitFor(() => expect(greet.el.play).toHaveBeenCalledTimes(2));
    expect(greet.el.muted).toBe(true);
  });

  it('prime, from a gesture, unmutes every element and leaves warm ones at their first frame', () => {
    const { stage, mediaOf } = setUp();
    stage.play('A', '/v/standby.mp4', { videoId: 'standby', ...endless });
    const standby = mediaOf('/v/standby.mp4');
    standby.ready();
    standby.frame(0, 0);
    stage.prime();
    for (const el of stage.pool.elements) expect(el.muted).toBe(false);
  });

  it('warm, while a clip waits to be shown, waits until it is shown and has presented its next frame (loading competes with the switch)', () => {
    const { stage, mediaOf, whenIdle, container, present, runFrame } = setUp(6);
    stage.play('A', '/v/standby.mp4', { videoId: 'standby', ...once });
    const standby = mediaOf('/v/standby.mp4');
    standby.ready();
    present(standby, 0, 0);
    whenIdle();
    stage.play('B', '/v/greet.mp4', { videoId: 'greet', ...once });
    stage.warm(['/v/topic.mp4', '/v/fortune.mp4']);
    whenIdle();
    const held = () =>
      [...container.querySelectorAll('video')]
        .map((v) => v.getAttribute('src'))
        .filter(Boolean)
        .sort();
    expect(held()).toEqual(['/v/greet.mp4', '/v/standby.mp4']);
    const greet = mediaOf('/v/greet.mp4');
    greet.ready();
    present(greet, 0, 100);
    // Standby presents no frame: greet is shown after the longest wait for its cadence.
    runFrame(200);
    whenIdle();
    const whileOnFrame0 = held();
    present(greet, 1 / 15, 266.7);
    whenIdle();

    expect(whileOnFrame0).toEqual(['/v/greet.mp4', '/v/standby.mp4']);
    expect(held()).toEqual(['/v/fortune.mp4', '/v/greet.mp4', '/v/standby.mp4', '/v/topic.mp4']);
  });

  it('play, a warm clip cutting the clip on screen, rewinds the old element and refills the pool only once the new clip presents its frame 1 (their decoding held frame 0 on a slow CPU)', () => {
    const { stage, shown, present, runFrame, whenIdle, listen, reply, container } = listenWithWarmReply([0, 1, 2]);
    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    stage.warm(['/v/listen.mp4', '/v/topic.mp4']);
    for (const now of [150, 166.7, 183.3, 200]) runFrame(now);
    const onScreen = [...shown()];
    whenIdle();
    for (const now of [216.7, 233.3, 250]) runFrame(now);
    whenIdle();
    const held = () => [...container.querySelectorAll('video')].map((v) => v.getAttribute('src'));
    const onFrame0 = { topicLoaded: held().includes('/v/topic.mp4'), listenAt: listen.el.currentTime };

    present(reply, 1 / 15, 266.7);
    whenIdle();

    expect(onScreen).toEqual([reply.el]);
    expect(onFrame0).toEqual({ topicLoaded: false, listenAt: 2 / 15 });
    expect(held()).toContain('/v/topic.mp4');
    expect(listen.el.currentTime).toBe(0);
  });

  it('play, a warm clip shown that presents no next frame, refills the pool after at most 250 ms all the same', () => {
    const { stage, runFrame, whenIdle, container } = listenWithWarmReply([0, 1, 2]);
    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    stage.warm(['/v/topic.mp4']);
    const held = () => [...container.querySelectorAll('video')].map((v) => v.getAttribute('src'));
    for (let now = 150; now <= 400; now += 16.7) runFrame(now);
    whenIdle();
    const before = held().includes('/v/topic.mp4');

    for (let now = 416.7; now <= 466.7; now += 16.7) runFrame(now);
    whenIdle();

    expect(before).toBe(false);
    expect(held()).toContain('/v/topic.mp4');
  });

  it('cue, before the talk’s first tap (the cue’s module not loaded yet), starts nothing and play() still plays the clip', () => {
    const { stage, runFrame, reply } = listenWithWarmReply([0, 1, 2]);
    vi.mocked(reply.el.play).mockClear();

    stage.cue('/v/reply.mp4', 100);
    for (let now = 150; now <= 300; now += 16.7) runFrame(now);
    const startedEarly = vi.mocked(reply.el.play).mock.calls.length;
    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    runFrame(316.7);

    expect(startedEarly).toBe(0);
    expect(reply.el.play).toHaveBeenCalledTimes(1);
  });

  it('cue, a warm clip due in 300 ms, starts it hidden and muted just ahead (its learnt clock start-up), not at once', async () => {
    const { stage, runFrame, listen, reply, shown } = listenWithWarmReply([0, 1, 2]);
    await cueLoaded(stage);
    stage.prime();
    vi.mocked(reply.el.play).mockClear();

    stage.cue('/v/reply.mp4', 300);
    runFrame(150);
    for (let now = 166.7; now < 380; now += 16.7) runFrame(now);
    const early = vi.mocked(reply.el.play).mock.calls.length;
    for (let now = 383.3; now <= 450; now += 16.7) runFrame(now);

    expect(early).toBe(0);
    expect(reply.el.play).toHaveBeenCalledTimes(1);
    expect(reply.el.muted).toBe(true);
    expect([...shown()]).toEqual([listen.el]);
  });

  it('cue, then play() of that clip at its due time, shows it on the next frame interval of the clip on screen without starting it again', async () => {
    const { stage, runFrame, present, listen, reply, shown } = listenWithWarmReply([0, 1, 2]);
    await cueLoaded(stage);
    vi.mocked(reply.el.play).mockClear();
    reply.state.clockStartsAtPlay = false;
    stage.cue('/v/reply.mp4', 300);
    for (let now = 150; now <= 400; now += 16.7) runFrame(now);
    reply.clockStarts();
    present(listen, 6 / 15, 400);

    stage.play('B', '/v/reply.mp4', { videoId: 'reply', ...once });
    for (let now = 416.7; now < 466; now += 16.7) runFrame(now);
    const beforeInterval = [...shown()];
    runFrame(466.7);

    expect(beforeInterval).toEqual([listen.el]);
    expect([...shown()]).toEqual([reply.el]);
    expect(reply.el.play).toHaveBeenCalledTimes(1);
  });

  it('cue, never followed by play() of that clip, puts it back at its first frame after its due time', async () => {
    const { stage, runFrame, reply } = listenWithWarmReply([0, 1, 2]);
    await cueLoaded(stage);
    stage.cue('/v/reply.mp4', 300);
    for (let now = 150; now <= 450; now += 16.7) runFrame(now);
    const whileDue = { paused: reply.el.paused };

    for (let now = 466.7; now <= 750; now += 16.7) runFrame(now);

    expect(whileDue).toEqual({ paused: false });
    expect(reply.el.paused).toBe(true);
    expect(reply.el.currentTime).toBe(0);
  });

  it('cue, then play() of another clip, gives the cued one up (paused, back at frame 0)', async () => {
    const { stage, runFrame, reply, mediaOf, whenIdle } = listenWithWarmReply([0, 1, 2]);
    await cueLoaded(stage);
    stage.warm(['/v/reply.mp4', '/v/topic.mp4']);
    whenIdle();
    mediaOf('/v/topic.mp4').ready();
    stage.cue('/v/reply.mp4', 100);
    for (let now = 150; now <= 250; now += 16.7) runFrame(now);
    const cuedPlaying = !reply.el.paused;

    stage.play('B', '/v/topic.mp4', { videoId: 'topic', ...once });

    expect(cuedPlaying).toBe(true);
    expect(reply.el.paused).toBe(true);
    expect(reply.el.currentTime).toBe(0);
  });

  it('warm, before the first clip is shown, loads at once (nothing on screen to protect)', () => {
    const { stage, whenIdle, container } = setUp();
    stage.play('A', '/v/standby.mp4', { videoId: 'standby', ...endless });
    stage.warm(['/v/greet.mp4']);
    whenIdle();
    expect([...container.querySelectorAll('video')].map((v) => v.getAttribute('src'))).toContain('/v/greet.mp4');
  });

  it('warm, more clips than free elements, keeps the most likely ones and never takes the shown element', () => {
    const { stage, mediaOf, whenIdle, container, present } = setUp(3);
    stage.play('A', '/v/greet.mp4', { videoId: 'greet', ...once });
    const greet = mediaOf('/v/greet.mp4');
    greet.ready();
    present(greet, 0, 0);
    stage.warm(['/v/a.mp4', '/v/b.mp4', '/v/c.mp4', '/v/d.mp4']);
    whenIdle();
    const held = [...container.querySelectorAll('video')].map((v) => v.getAttribute('src'));
    expect(held.sort()).toEqual(['/v/a.mp4', '/v/b.mp4', '/v/greet.mp4']);
  });

  it('play, a clip whose warm load had failed, loads it afresh so the failure is seen and reported', () => {
    const { stage, mediaOf, events, whenIdle } = setUp();
    stage.warm(['/v/greet.mp4']);
    whenIdle();
    const failedWarm = mediaOf('/v/greet.mp4').el;
    Object.defineProperty(failedWarm, 'error', { value: { code: 2, message: 'network error' }, configurable: true });

    stage.play('A', '/v/greet.mp4', { videoId: 'greet', ...once });

    const reloaded = stage.pool.elements.filter((el) => el !== failedWarm && el.getAttribute('src') === '/v/greet.mp4');
    expect(reloaded).toHaveLength(1);
    Object.defineProperty(reloaded[0]!, 'error', { value: { code: 2, message: 'network error' }, configurable: true });
    reloaded[0]!.dispatchEvent(new Event('error'));
    expect(events.failed).toHaveBeenCalledWith('A', 'greet', 'network error');
  });

  it('dispose, removes every element it created', () => {
    const { stage, container } = setUp(3);
    stage.dispose();
    expect(container.querySelectorAll('video')).toHaveLength(0);
  });
});
