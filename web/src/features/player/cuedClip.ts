import type { VideoPool } from './videoPool.ts';
import type { Run } from './clipRun.ts';

/**
 * The clip the engine will play at a known time, started hidden and muted just ahead, so that its clock
 * runs when it is shown: the reply after hit_word_delay (VideoPort.cue), or the clip that follows one
 * ending by itself (VideoPort.upNext; without it the next clip's clock would start only once the old
 * clip's last frame was reported, and run its first frame late). Chromium's clock starts 40–150 ms after
 * play() (audio start-up) and then runs unevenly for a few vsyncs; shown as soon as it runs, the clip's
 * frame 0 is held. Started too early, the clip has played its first frames hidden by the time it shows
 * (its start is lost). How early is learnt from each cued clip shown, for each kind of cue: a reply is
 * shown on the cadence of the clip it cuts (after its due time), a next clip right at its due time.
 */
export type CueKind = 'reply' | 'next';

export interface CuedClip {
  /** The element the cue holds (kept out of the pool's refill), or null. */
  element(): HTMLVideoElement | null;
  /** The reply due `inMs` after the next rendering frame. */
  cue(url: string, inMs: number): void;
  /** The next clip, due to show in the rendering frame `dueAt` (kept if a cue due earlier is pending: that one comes first). */
  cueNext(url: string, dueAt: number): void;
  /**
   * The run on screen presented its frame at media time `t` in the rendering frame `now`: on its final pass, within
   * reach of its end, the clip that follows it (Run.nextUrl) is cued to show one frame interval after its last frame.
   */
  nearEnd(run: Run, t: number, now: number): void;
  /** What the engine will play when `run` ends by itself (VideoPort.upNext); a clip cued for an old guess is given up. */
  upNext(run: Run, url: string | null): void;
  /** play() asks for `url`: the cued element, the rendering frame its clock was started in and its kind; any other cue is given up. */
  take(url: string): { el: HTMLVideoElement; startedAt: number; kind: CueKind } | null;
  /** Gives the cue up (only a cue of `kind`, when given). */
  drop(kind?: CueKind): void;
  /** A cued clip of `kind` was shown with its clock at `clockMs`: the next such cue starts earlier or later accordingly. */
  shown(kind: CueKind, clockMs: number): void;
}

export interface CuedClipDeps {
  pool: VideoPool;
  /** Runs `fn(now)` in the rendering frame closest to `at` (the first one when null); returns a cancel (frames.inFrameAt). */
  inFrameAt: (at: number | null, fn: (now: number) => void) => () => void;
  /** The elements in use (the one on screen, the one about to be). */
  busy: () => ReadonlySet<HTMLVideoElement>;
  /** Plays the element hidden (muted until shown). */
  startHidden: (el: HTMLVideoElement) => void;
}

/** How long after its due time a cued clip waits for play() before it goes back to frame 0; ms. */
const CUE_GRACE_MS = 250;
/**
 * Where a cued clip's clock should be when it shows, ms. A reply: past its first two vsyncs of uneven start-up, well
 * before frame 1 (it shows on the cadence of the clip it cuts, up to an interval after its due time). A next clip
 * shows right at its due time, and its frame 1 is presented a vsync or two after its clock passes that frame's time
 * (the player bench at 4× CPU): shown at 50 ms, its frame 1 followed one interval later; at 20 ms, 1.25 intervals
 * later; past 67 ms its frame 0 was never seen.
 */
const TARGET_CLOCK_MS: Record<CueKind, number> = { reply: 1000 / 30, next: 50 };
/**
 * Before anything is learnt: Chromium's usual clock start-up (40 ms) and the target. A next clip's clock runs slower
 * than real time for its first ~100 ms: started 85 ms before its due time, it had run ~50 ms when shown. The bounds
 * keep a wild sample from ruling.
 */
const FIRST_LEAD_MS: Record<CueKind, number> = { reply: 40 + TARGET_CLOCK_MS.reply, next: 85 };
const MAX_LEAD_MS = 250;
/** How long before its end a clip has the next one cued: more than the longest lead plus a frame interval; ms. */
const NEXT_CUE_HORIZON_MS = 400;

interface Cue {
  url: string;
  kind: CueKind;
  el: HTMLVideoElement;
  /** The rendering frame it is due in (a reply's is known from the first rendering frame on). */
  dueAt: number | null;
  startedAt: number | null;
  cancel: () => void;
}

export function createCuedClip({ pool, inFrameAt, busy, startHidden }: CuedClipDeps): CuedClip {
  let cued: Cue | null = null;
  /** How long before its due time a cued clip is started, per kind; learnt. */
  const leadMs = { ...FIRST_LEAD_MS };

  function drop(kind?: CueKind): void {
    const dropped = cued;
    if (!dropped || (kind && dropped.kind !== kind)) return;
    cued = null;
    dropped.cancel();
    if (!busy().has(dropped.el)) pool.rewind(dropped.el);
  }

  /** Holds the element for the cue (a clip still loading gains nothing from an early start: none). */
  function hold(url: string, kind: CueKind): Cue | null {
    drop();
    const el = pool.take(url, busy());
    if (!pool.isReady(el)) return null;
    cued = { url, kind, el, dueAt: null, startedAt: null, cancel: () => undefined };
    return cued;
  }

  /** Starts the cue's clock hidden its learnt lead before its due time; given up if play() has not asked a while after. */
  function startAhead(cue: Cue, dueAt: number): void {
    cue.dueAt = dueAt;
    cue.cancel = inFrameAt(dueAt - leadMs[cue.kind], (at) => {
      cue.startedAt = at;
      startHidden(cue.el);
      cue.cancel = inFrameAt(dueAt + CUE_GRACE_MS, () => drop());
    });
  }

  function cueNext(url: string, dueAt: number): void {
    if (cued && cued.dueAt !== null && cued.dueAt < dueAt) return;
    const cue = hold(url, 'next');
    if (cue) startAhead(cue, dueAt);
  }

  return {
    element: () => cued?.el ?? null,
    cue(url, inMs) {
      const cue = hold(url, 'reply');
      // The due time in the rendering frames' time base: from the first one.
      if (cue) cue.cancel = inFrameAt(null, (now) => startAhead(cue, now + inMs));
    },
    cueNext,
    nearEnd(run, t, now) {
      if (run.endless || run.nextDueAt !== null || run.passes < run.loopCount - 1) return;
      const untilDue = (run.el.duration - t) * 1000;
      if (!Number.isFinite(untilDue) || untilDue > NEXT_CUE_HORIZON_MS) return;
      run.nextDueAt = now + untilDue;
      if (run.nextUrl !== null) cueNext(run.nextUrl, run.nextDueAt);
    },
    upNext(run, url) {
      if (run.nextUrl === url) return;
      run.nextUrl = url;
      // Not due yet: the run's own frames cue it (nearEnd). Else the engine changed its mind: the old guess goes
      // back to its first frame, and the new one is cued for the same time.
      if (run.nextDueAt === null) return;
      drop('next');
      if (url !== null) cueNext(url, run.nextDueAt);
    },
    take(url) {
      const taken = cued?.url === url && cued.startedAt !== null ? cued : null;
      if (!taken || taken.startedAt === null) {
        drop();
        return null;
      }
      cued = null;
      taken.cancel();
      return { el: taken.el, startedAt: taken.startedAt, kind: taken.kind };
    },
    drop,
    shown(kind, clockMs) {
      leadMs[kind] = Math.min(MAX_LEAD_MS, Math.max(0, leadMs[kind] - 0.5 * (clockMs - TARGET_CLOCK_MS[kind])));
    },
  };
}
