import { hasFrameCallbacks, inFrameAt, inFrameWhen, watchFrames, type FrameInfo } from './frames.ts';
import type { VideoEvents, VideoPort } from './ports.ts';
import {
  CLOCK_LEAD_MS,
  clockRuns,
  CUT_CLOCK_LEAD_MS,
  isLastFrame,
  learnStartLatency,
  newRun,
  noteFrame,
  START_LATENCY_GUESS,
  type Run,
} from './clipRun.ts';
import { createVideoPool, type VideoPool } from './videoPool.ts';
import { screenCadence } from './cadence.ts';
import { listenToMedia } from './mediaEvents.ts';
import type { CuedClip, SoundRoute } from './afterTap.ts';

export const SHOWN_CLASS = 'player__video--active';

export interface StageOptions {
  /** <video> elements kept (one decoded clip each); see web/README.md for the budget. */
  poolSize?: number;
  raf?: (cb: (now: number) => void) => number;
  /** Runs background work (refilling the pool) when the browser is idle. */
  idle?: (fn: () => void) => void;
}

const HAVE_CURRENT_DATA = 2;
/** The longest a clip waits for the cadence of the one on screen (clips run at 10 fps or more); ms. */
const LONGEST_CADENCE_WAIT = 100;
/** Half a 60 Hz vsync: a rendering frame this close to a due time is that time. */
const HALF_VSYNC_MS = 1000 / 120;
/**
 * A muted natural end's next clip is started this much earlier than its learnt start-up latency, so its uneven clock
 * runs when it is due. A routed one (soundRoute.ts) starts at once and needs none: with it, frame 0 was shown for a
 * vsync only in half the switches (player-trace, 4× CPU), a jump in the motion.
 */
const START_MARGIN_MS = 1000 / 60;
/** The longest decoding for other elements waits for a clip just shown to present its next frame; ms. */
const MOTION_WAIT_MAX = 250;

/**
 * The player's video stage: a pool of stacked <video> elements of which
 * exactly one is shown. A clip becomes visible only once it has a frame
 * (at once when it was warm; at its first presented frame otherwise), and
 * the outgoing clip stays on screen until then, so no switch shows black
 * or a poster. A clip that ends naturally is reported at its last frame,
 * so the next clip can start one frame interval later (no seek on the
 * critical path: warm elements already sit at their first frame). A clip
 * that cuts the one on screen is shown when the switch keeps that clip's frame
 * cadence (cadence.ts), so an interrupt lasts at most one frame too.
 * Either way the incoming clip is started hidden (and silent: soundRoute.ts) and shown only once
 * its clock runs (clipRun.clockRuns), so its first frame on screen is followed by
 * the next one within an interval: the motion does not stop at a switch.
 */
export function createVideoStage(
  container: HTMLElement,
  events: VideoEvents,
  options: StageOptions = {},
): VideoPort & { pool: VideoPool } {
  const pool = createVideoPool(container, { size: options.poolSize ?? 6, className: 'player__video' });
  const raf = options.raf ?? ((cb: (now: number) => void) => requestAnimationFrame(cb));
  let shownEl: HTMLVideoElement | null = null;
  const cadence = screenCadence();
  let current: Run | null = null;
  let soundAllowed = false;
  /** When the clip that just ended should give way: its last frame's display time plus one frame. */
  let handoffAt: number | null = null;
  let startLatency = START_LATENCY_GUESS;
  let disposed = false;
  let wanted: string[] = [];
  let preferred: string | null = null;

  /** The elements on screen or about to be. */
  const onStage = () =>
    new Set([shownEl, current?.el].filter((el): el is HTMLVideoElement => el !== null && el !== undefined));
  /** Set by the talk's first tap (prime()): the cue, and the sound routed through an AudioContext (soundRoute.ts). */
  let cuedClip: CuedClip | null = null;
  let sound: SoundRoute | null = null;
  /** Lets the element be heard or not: its gain where the sound is routed, else its `muted`. */
  const hear = (el: HTMLVideoElement, on: boolean) => (sound ? sound.audible(el, on) : void (el.muted = !on));
  /** Their module loads at the first tap, out of the talk page's first load; the AudioContext is made in the tap (a gesture). */
  const loadAfterTap = () => {
    const context = typeof AudioContext === 'function' ? new AudioContext() : null;
    void import('./afterTap.ts').then(async ({ createCuedClip, routeSound }) => {
      if (disposed) return void context?.close();
      cuedClip ??= createCuedClip({
        pool,
        inFrameAt: (at, fn) => inFrameAt(at, fn, raf),
        busy: onStage,
        startHidden: (el) => startPlaying(el, true),
        preRollMs: CUT_CLOCK_LEAD_MS,
      });
      const route = context && (await routeSound(context, pool.elements, wanted, (el) => el === shownEl));
      if (disposed) route?.close();
      else sound = route;
    });
  };
  /** The elements the pool must leave alone: on stage, or cued. */
  const busy = () => {
    const inUse = onStage();
    const cuedEl = cuedClip?.element();
    if (cuedEl) inUse.add(cuedEl);
    return inUse;
  };

  /** Plays the element; `hidden`: silent until it is shown (its sound would overlap the clip on screen). */
  function startPlaying(el: HTMLVideoElement, hidden = false): void {
    hear(el, !hidden && soundAllowed);
    el.play()?.catch(() => {
      // Sound refused without a gesture: play muted rather than not at all.
      el.muted = true;
      el.play()?.catch(() => undefined);
    });
  }

  function reveal(run: Run, now: number): void {
    if (current !== run || run.shown) return;
    run.shown = true;
    const previous = shownEl;
    if (soundAllowed) hear(run.el, true);
    run.el.classList.add(SHOWN_CLASS);
    shownEl = run.el;
    cadence.follow(run.el, now);
    if (previous && previous !== run.el) {
      previous.classList.remove(SHOWN_CLASS);
      previous.pause();
    }
    events.shown?.(run.slot, run.videoId, run.el);
    run.shownOn = run.lastMediaTime;
    // The very first clip replaces only the poster: nothing to protect, the pool fills at once.
    if (!previous || previous === run.el) settle(run);
    else afterMotion(run, now, () => settle(run, previous));
  }

  /** The run on screen moves: the element it replaced goes back to its first frame, and the pool catches up (a loop gets its twin). */
  function settle(run: Run, previous?: HTMLVideoElement): void {
    run.settled = true;
    // Back to the first frame while hidden, so it is warm if it comes again.
    if (
      previous &&
      previous !== shownEl &&
      previous !== current?.el &&
      wanted.includes(previous.getAttribute('src') ?? '')
    )
      pool.rewind(previous);
    rewarm();
  }

  /**
   * Runs `fn` once the run just shown presents its next frame (or after MOTION_WAIT_MAX): a rewind or a pool
   * refill decodes a frame, and started at the switch it delayed the new clip's frame 1 by one or two intervals
   * on a slow CPU (frame 0 held: the motion stopped at the switch).
   */
  function afterMotion(run: Run, shownAt: number, fn: () => void): void {
    inFrameWhen((now) => run.moved || current !== run || now - shownAt >= MOTION_WAIT_MAX, fn, raf);
  }

  function reportEnd(run: Run, displayAt: number | null): void {
    if (run.endReported) return;
    run.endReported = true;
    handoffAt = displayAt;
    events.ended(run.slot, run.videoId);
  }

  function onFrame(run: Run, frame: FrameInfo): void {
    if (current !== run) return;
    // readyState can lag the first presented frame by a task: then `loadeddata` shows it (see the element listeners).
    run.framed = true;
    if (run.shown && frame.mediaTime > run.shownOn) run.moved = true;
    // A cold clip's clock starts about its first frame: from then it may wait for it (the very first clip need not).
    if (!run.shown && shownEl) run.clockAskedAt ??= frame.now;
    if (!run.shown && !run.scheduled) showOnCadence(run);
    startLatency = learnStartLatency(startLatency, run, frame);
    const t = frame.mediaTime;
    noteFrame(run, t);
    if (run.notifyAtMs !== null && t * 1000 >= run.notifyAtMs) {
      const at = run.notifyAtMs;
      run.notifyAtMs = null;
      events.timeReached(run.slot, run.videoId, at);
    }
    if (run.endReported || !run.preciseFrames) return;
    const finalPass = !run.endless && run.passes >= run.loopCount - 1;
    if (!run.endless && run.passes >= run.loopCount) reportEnd(run, null);
    else if (!isLastFrame(run, t)) return;
    else if (finalPass) {
      run.el.loop = false;
      reportEnd(run, frame.now + run.frameInterval * 1000);
    } else nextPassOnTwin(run, frame.now + run.frameInterval * 1000);
  }

  /**
   * A loop's next pass plays on a twin element already at frame 0, switched
   * to like a natural end: the element's own loop would seek back to 0 on
   * screen and hold a frame. Without a ready twin the element's loop does it.
   */
  function nextPassOnTwin(run: Run, showAt: number): void {
    if (run.twinPending) return;
    const twin = pool.twin(run.el, busy());
    if (!twin) return;
    run.twinPending = true;
    const loops = run.el.loop;
    // Its clock may reach the end before the twin starts (with a clock that starts at once, the twin starts late):
    // then it ends on this frame, and the `ended` listener leaves it to the twin.
    holdLastFrame(run.el);
    run.cancelStart = inFrameAt(
      showAt - startLatency - CLOCK_LEAD_MS,
      (now) => {
        if (current !== run) return;
        run.stopFrames();
        twin.loop = loops;
        // Frame 0 is there, but the twin is shown only at `showAt`, when the last frame has had its interval.
        Object.assign(run, {
          el: twin,
          passes: run.passes + 1,
          lastMediaTime: -1,
          shown: false,
          twinPending: false,
          framed: true,
          scheduled: true,
          moved: false,
          settled: false,
        });
        startWarm(run, now);
        showFrom(run, showAt);
      },
      raf,
    );
  }

  /**
   * The element on screen, once another is taking over, ends on its last frame instead of looping: its own
   * loop would seek back to frame 0 while it is still shown (Chromium's clock can reach the end before the
   * last frame has had its interval, and the incoming clip waits for its clock), and a seeking element has
   * no frame to show (readyState drops to HAVE_METADATA) — a blank rendering frame.
   */
  function holdLastFrame(el: HTMLVideoElement | null): void {
    if (el) el.loop = false;
  }

  /**
   * Shows the run in the first rendering frame from `at` in which it has a frame and its clock runs. Its clock was
   * started a rendering frame or so ahead (the pre-roll), so it reads about a vsync at `at`: give or take the audio
   * clock's steps, just under it in some switches, which then showed a vsync late (unthrottled bench: natural-end
   * gap p95 83 ms). Half a vsync under the pre-roll is taken as run.
   */
  function showFrom(run: Run, at: number): void {
    run.scheduled = true;
    run.cancelStart = inFrameWhen(
      (now) =>
        now >= at - HALF_VSYNC_MS &&
        run.el.readyState >= HAVE_CURRENT_DATA &&
        clockRuns(run, now, CLOCK_LEAD_MS - HALF_VSYNC_MS),
      (now) => {
        run.scheduled = false;
        reveal(run, now);
      },
      raf,
    );
  }

  /** Shows a clip whose frame is there; otherwise its first presented frame (onFrame) or its data (onData) schedule it again. */
  function revealIfFramed(run: Run, now: number): void {
    run.scheduled = false;
    if (run.el.readyState >= HAVE_CURRENT_DATA) reveal(run, now);
  }

  /**
   * Shows the run in the first rendering frame, once its clock has run CUT_CLOCK_LEAD_MS, in which the
   * switch keeps the cadence of the clip on screen (cadence.ts), waiting for the
   * cadence at most LONGEST_CADENCE_WAIT; `start` runs first, in the first rendering frame.
   */
  function showOnCadence(run: Run, start?: (now: number) => void): void {
    run.scheduled = true;
    let started = false;
    let askedAt: number | null = null;
    const fits = (now: number) => {
      if (!started) start?.(now);
      started = true;
      if (!clockRuns(run, now, CUT_CLOCK_LEAD_MS)) return false;
      askedAt ??= now;
      return cadence.switchFits(now) || now - askedAt >= LONGEST_CADENCE_WAIT;
    };
    run.cancelStart = inFrameWhen(
      fits,
      (now) => {
        if (current !== run) return;
        revealIfFramed(run, now);
      },
      raf,
    );
  }

  function watch(run: Run): void {
    const frames = watchFrames(run.el, (frame) => onFrame(run, frame));
    run.stopFrames = frames.stop;
    run.preciseFrames = frames.precise;
  }

  /** Starts a warm run's clock, hidden, in the rendering frame `now` (from which its start-up latency is learnt). */
  function startWarm(run: Run, now: number): void {
    watch(run);
    run.playedAt = now;
    run.clockAskedAt = now;
    startPlaying(run.el, true);
  }

  function begin(run: Run, warm: boolean): void {
    const handoff = handoffAt;
    handoffAt = null;
    if (!warm) {
      // Cold: it plays hidden; its first presented frame (onFrame) schedules it on the cadence of the clip on screen.
      watch(run);
      startPlaying(run.el);
      return;
    }
    if (handoff === null) {
      // An interrupt (a hit word, a button): frame 0 is decoded; it starts at once, hidden, and shows once its
      // clock runs and the clip on screen has had its frame interval.
      showOnCadence(run, (now) => startWarm(run, now));
      return;
    }
    run.scheduled = true;
    // A natural end: the clock starts hidden, early by the learnt start-up latency and the pre-roll, and
    // the clip is shown one frame interval after the old clip's last frame (once its clock has run the pre-roll).
    run.cancelStart = inFrameAt(
      handoff - startLatency - (sound ? 0 : START_MARGIN_MS) - CLOCK_LEAD_MS,
      (now) => {
        if (current !== run) return;
        startWarm(run, now);
        showFrom(run, handoff);
      },
      raf,
    );
  }

  /** A cued clip asked for: its clock was started hidden at `startedAt`; it shows once it runs, on the cadence of the clip on screen. */
  function beginCued(run: Run, startedAt: number): void {
    handoffAt = null;
    watch(run);
    run.playedAt = startedAt;
    run.clockAskedAt = startedAt;
    showOnCadence(run);
  }

  function stopRun(run: Run | null): void {
    if (!run) return;
    run.stopFrames();
    run.cancelStart();
    // A clip superseded before it was shown must not keep playing hidden.
    if (!run.shown) run.el.pause();
  }

  const stopListening = listenToMedia(pool.elements, {
    ended(el) {
      const run = current;
      if (!run || run.el !== el || run.endReported || run.twinPending) return;
      run.passes += 1;
      if (!run.endless && run.passes < run.loopCount) {
        // Without frame callbacks a counted loop is replayed by hand.
        el.currentTime = 0;
        startPlaying(el);
        return;
      }
      reportEnd(run, null);
    },
    // A cold clip whose first frame came before its data was reported is scheduled as soon as it is.
    data(el) {
      const run = current;
      if (run && run.el === el && !run.shown && run.framed && !run.scheduled) showOnCadence(run);
    },
    error(el) {
      const run = current;
      if (run && run.el === el) events.failed(run.slot, run.videoId, el.error?.message ?? 'video error');
    },
  });

  /**
   * Loading and decoding clips competes with the switch itself (decoders,
   * compositor), so the pool is refilled when the browser is idle and never
   * while a clip waits to be shown or, shown, for its next frame.
   */
  let warmQueued = false;
  const idle =
    options.idle ??
    ((fn: () => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 300 }) : setTimeout(fn, 50));
  /** The twin of a looping clip first, then the engine's guess, then the reachable clips; each once. */
  function warmList(): string[] {
    const loopUrl = current && (current.endless || current.loopCount > 1) ? current.el.getAttribute('src') : null;
    const rest = [...new Set([preferred, ...wanted])].filter((url): url is string => url !== null && url !== loopUrl);
    return loopUrl ? [loopUrl, ...rest] : rest;
  }

  function rewarm(): void {
    if (warmQueued) return;
    warmQueued = true;
    idle(() => {
      warmQueued = false;
      if (disposed) return;
      // reveal() asks again once the clip just chosen is shown and moving (the very first clip has nothing to protect).
      if (current && !current.settled && shownEl !== null) return;
      pool.warm(warmList(), busy());
    });
  }

  return {
    pool,
    play(slot, url, { videoId, loop, loopCount, notifyAtMs }) {
      stopRun(current);
      const taken = cuedClip?.take(url) ?? null;
      const busyNow = new Set(shownEl ? [shownEl] : []);
      const el = taken?.el ?? pool.take(url, busyNow);
      const started = taken?.startedAt ?? null;
      const warm = started !== null || pool.isReady(el);
      // A warm clip takes over within a few hundred ms; a cold one may take long, so the old loop keeps looping meanwhile.
      if (warm && shownEl !== el) holdLastFrame(shownEl);
      const endless = loop && loopCount === 0;
      // Counted loops are counted frame by frame where the browser reports frames; elsewhere they replay on `ended`.
      el.loop = endless || (loop && hasFrameCallbacks(el));
      if (preferred === url) preferred = null;
      const run = newRun({ el, slot, videoId, endless, loopCount: loop ? Math.max(loopCount, 1) : 1, notifyAtMs });
      current = run;
      if (started === null) begin(run, warm);
      else beginCued(run, started);
    },
    cue: (url, inMs) => cuedClip?.cue(url, inMs),
    preload(_slot, url) {
      preferred = url;
      rewarm();
    },
    warm(urls) {
      wanted = [...urls];
      rewarm();
    },
    prime() {
      loadAfterTap();
      soundAllowed = true;
      for (const el of pool.elements) {
        el.muted = false;
        if (el === shownEl || el === current?.el || !el.getAttribute('src')) continue;
        // play() inside the gesture unlocks the element (iOS Safari); pausing at once keeps it at its first frame.
        el.play()?.catch(() => undefined);
        el.pause();
        if (el.currentTime !== 0) pool.rewind(el);
      }
    },
    pause() {
      current?.el.pause();
    },
    resume() {
      if (current) startPlaying(current.el, !current.shown);
    },
    dispose() {
      disposed = true;
      cuedClip?.drop();
      sound?.close();
      stopRun(current);
      cadence.stop();
      current = null;
      stopListening();
      pool.dispose();
    },
  };
}
