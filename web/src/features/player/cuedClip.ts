import type { VideoPool } from './videoPool.ts';

/**
 * The clip the engine will play at a known time (VideoPort.cue: the reply after hit_word_delay), started
 * hidden and silent just ahead, so that its clock runs when play() asks for it. Chromium's clock starts
 * 40–150 ms after play() (audio start-up) and then runs unevenly for a few vsyncs; shown as soon as it
 * runs, the clip's frame 0 is held. Started too early, the clip has played its first frames hidden by
 * the time it shows (its start is lost). How early is learnt from each cued clip shown.
 */
export interface CuedClip {
  /** The element the cue holds (kept out of the pool's refill), or null. */
  element(): HTMLVideoElement | null;
  cue(url: string, inMs: number): void;
  /** play() asks for `url`: the cued element and the rendering frame its clock was started in; any other cue is given up. */
  take(url: string): { el: HTMLVideoElement; startedAt: number } | null;
  drop(): void;
  /** A cued clip was shown with its clock at `clockMs`: the next cue starts earlier or later accordingly. */
  shown(clockMs: number): void;
}

export interface CuedClipDeps {
  pool: VideoPool;
  /** Runs `fn(now)` in the rendering frame closest to `at` (the first one when null); returns a cancel (frames.inFrameAt). */
  inFrameAt: (at: number | null, fn: (now: number) => void) => () => void;
  /** The elements in use (the one on screen, the one about to be). */
  busy: () => ReadonlySet<HTMLVideoElement>;
  /** Plays the element hidden (silent until shown). */
  startHidden: (el: HTMLVideoElement) => void;
}

/** How long after its due time a cued clip waits for play() before it goes back to frame 0; ms. */
const CUE_GRACE_MS = 250;
/** Where a cued clip's clock should be when it shows: past its first two vsyncs of uneven start-up, well before frame 1; ms. */
const TARGET_CLOCK_MS = 1000 / 30;
/** Before anything is learnt: Chromium's usual clock start-up (40 ms) and the target; the bounds keep a wild sample from ruling. */
const FIRST_LEAD_MS = 40 + TARGET_CLOCK_MS;
const MAX_LEAD_MS = 250;

interface Cue {
  url: string;
  el: HTMLVideoElement;
  startedAt: number | null;
  cancel: () => void;
}

export function createCuedClip({ pool, inFrameAt, busy, startHidden }: CuedClipDeps): CuedClip {
  let cued: Cue | null = null;
  /** How long before its due time a cued clip is started; learnt. */
  let leadMs = FIRST_LEAD_MS;

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
      return { el: taken.el, startedAt: taken.startedAt };
    },
    drop,
    shown(clockMs) {
      leadMs = Math.min(MAX_LEAD_MS, Math.max(0, leadMs - 0.5 * (clockMs - TARGET_CLOCK_MS)));
    },
  };
}
