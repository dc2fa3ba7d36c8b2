import type { VideoPool } from './videoPool.ts';

/**
 * The clip the engine will play at a known time (VideoPort.cue: the reply after hit_word_delay), started
 * hidden and silent just ahead, so that its clock has run the stage's pre-roll (`preRollMs`) when
 * play() asks for it: the clip can show at the next frame of the clip on screen. Started at play(), the
 * reply waited for that pre-roll too (and for Chromium's clock start-up, 40–150 ms when the sound is not
 * routed). Started too early, the clip plays its first frames hidden (its start is lost). How early is
 * learnt from the clock of each cued clip play() takes.
 */
export interface CuedClip {
  /** The element the cue holds (kept out of the pool's refill), or null. */
  element(): HTMLVideoElement | null;
  cue(url: string, inMs: number): void;
  /**
   * play() asks for `url`: the cued element and the rendering frame its clock was started in (how far that clock has
   * run tells the next cue to start earlier or later); any other cue is given up.
   */
  take(url: string): { el: HTMLVideoElement; startedAt: number } | null;
  drop(): void;
}

export interface CuedClipDeps {
  pool: VideoPool;
  /** Runs `fn(now)` in the rendering frame closest to `at` (the first one when null); returns a cancel (frames.inFrameAt). */
  inFrameAt: (at: number | null, fn: (now: number) => void) => () => void;
  /** The elements in use (the one on screen, the one about to be). */
  busy: () => ReadonlySet<HTMLVideoElement>;
  /** Plays the element hidden (silent until shown). */
  startHidden: (el: HTMLVideoElement) => void;
  /**
   * How far a cut's clock must have run before the stage shows it (clipRun.CUT_CLOCK_LEAD_MS; passed in, as an
   * import would split clipRun.ts out of the talk page's first chunk); ms.
   */
  preRollMs: number;
}

/** How long after its due time a cued clip waits for play() before it goes back to frame 0; ms. */
const CUE_GRACE_MS = 250;
/** Before anything is learnt, a cue starts this much plus the pre-roll early: Chromium's usual clock start-up; ms. */
const FIRST_START_UP_MS = 40;
/** The bound keeps a wild sample from ruling; ms. */
const MAX_LEAD_MS = 250;

interface Cue {
  url: string;
  el: HTMLVideoElement;
  startedAt: number | null;
  cancel: () => void;
}

export function createCuedClip({ pool, inFrameAt, busy, startHidden, preRollMs }: CuedClipDeps): CuedClip {
  let cued: Cue | null = null;
  /** How long before its due time a cued clip is started; learnt. */
  let leadMs = FIRST_START_UP_MS + preRollMs;

  function drop(): void {
    const dropped = cued;
    if (!dropped) return;
    cued = null;
    dropped.cancel();
    if (!busy().has(dropped.el)) pool.rewind(dropped.el);
  }

  function cue(url: string, inMs: number): void {
    drop();
    const el = pool.take(url, busy());
    if (!pool.isReady(el)) return; // a clip still loading gains nothing from an early start
    const next: Cue = { url, el, startedAt: null, cancel: () => undefined };
    cued = next;
    // The due time in the rendering frames' time base: from the first one.
    next.cancel = inFrameAt(null, (now) => {
      const due = now + inMs;
      next.cancel = inFrameAt(due - leadMs, (at) => {
        next.startedAt = at;
        startHidden(el);
        next.cancel = inFrameAt(due + CUE_GRACE_MS, drop);
      });
    });
  }

  return {
    element: () => cued?.el ?? null,
    cue,
    take(url) {
      const taken = cued?.url === url && cued.startedAt !== null ? cued : null;
      if (!taken || taken.startedAt === null) {
        drop();
        return null;
      }
      cued = null;
      taken.cancel();
      const clockMs = taken.el.currentTime * 1000;
      leadMs = Math.min(MAX_LEAD_MS, Math.max(0, leadMs - 0.5 * (clockMs - preRollMs)));
      return { el: taken.el, startedAt: taken.startedAt };
    },
    drop,
  };
}
