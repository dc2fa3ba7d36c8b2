import type { VideoSlotName } from '@talkwith/proto/dialogue';
import type { FrameInfo } from './frames.ts';

/** One clip being played: where, how often, and what has been reported of it. */
export interface Run {
  el: HTMLVideoElement;
  slot: VideoSlotName;
  videoId: string;
  /** loop_count 0 with loop: the element loops until another clip replaces it. */
  endless: boolean;
  loopCount: number;
  passes: number;
  notifyAtMs: number | null;
  shown: boolean;
  endReported: boolean;
  lastMediaTime: number;
  /** Seconds between two frames of this clip, learnt from the frames seen. */
  frameInterval: number;
  stopFrames: () => void;
  preciseFrames: boolean;
  cancelStart: () => void;
  /** The rendering frame in which play() was called (to learn how late the clock starts). */
  playedAt: number | null;
  /** From when the run waits for its clock to start before it is shown (play() of a warm clip, a cold clip's first frame). */
  clockAskedAt: number | null;
  /** A twin element is about to take over the next pass of the loop. */
  twinPending: boolean;
  /** The element has presented a frame of this clip. */
  framed: boolean;
  /** A rendering frame is chosen to show it (the cadence of the clip on screen, or one interval after a last frame); nothing else shows it. */
  scheduled: boolean;
  /** The media time of the frame it was shown on (-1: none seen yet, a warm clip's frame 0). */
  shownOn: number;
  /** Shown, it has presented its next frame since: it moves on screen. */
  moved: boolean;
  /** Shown and moving (or waited for long enough): decoding for other elements may start. */
  settled: boolean;
}

/** Until two frames have been seen, a clip is taken to run at 30 fps. */
const FIRST_FRAME_GUESS = 1 / 30;

export function newRun(start: Pick<Run, 'el' | 'slot' | 'videoId' | 'endless' | 'loopCount' | 'notifyAtMs'>): Run {
  return {
    ...start,
    passes: 0,
    shown: false,
    endReported: false,
    lastMediaTime: -1,
    frameInterval: Number.POSITIVE_INFINITY,
    stopFrames: () => undefined,
    preciseFrames: false,
    cancelStart: () => undefined,
    playedAt: null,
    clockAskedAt: null,
    twinPending: false,
    framed: false,
    scheduled: false,
    shownOn: -1,
    moved: false,
    settled: false,
  };
}

/** Counts a pass when the clip's time jumps back (the element looped) and learns the frame interval. */
export function noteFrame(run: Run, t: number): void {
  const step = t - run.lastMediaTime;
  if (t < run.lastMediaTime - 0.001) run.passes += 1;
  // A jump (dropped frames, a seek) is not a frame interval; clips run at 10 fps or more.
  else if (run.lastMediaTime >= 0 && step > 0 && step <= 0.1) run.frameInterval = Math.min(run.frameInterval, step);
  run.lastMediaTime = t;
}

/** The frame at `t` is the clip's last: the next one would start at or after its end. */
export function isLastFrame(run: Run, t: number): boolean {
  const interval = Number.isFinite(run.frameInterval) ? run.frameInterval : FIRST_FRAME_GUESS;
  return Number.isFinite(run.el.duration) && t + interval * 1.5 >= run.el.duration;
}

/**
 * The longest a clip waits hidden for its clock to start before it is shown on its frame 0 anyway (that frame is
 * then held while the clock starts, as a clip shown at play() would hold it); ms.
 */
export const CLOCK_WAIT_MAX = 200;

/**
 * How far a hidden clip's clock has run before it is shown (pre-roll): one 60 Hz vsync. Shown the moment its
 * media time left 0, a clip held frame 0 for 1.25 intervals at p50 in the player bench (frame 1 about a vsync
 * late: the clock reads as running before the video renderer keeps pace with it); ms.
 */
export const CLOCK_LEAD_MS = 1000 / 60;

/**
 * The pre-roll of a clip that cuts the one on screen (shown on that clip's cadence, cadence.ts): two vsyncs. Under a
 * 4× CPU slowdown Chromium presented the frame 1 of a clip just shown one or two vsyncs after its media time; shown
 * one vsync into its clock, frame 0 was then held 1.5 intervals in a few switches of each player bench run. A cue
 * (cuedClip.ts) starts its clip this far ahead of play(), so the wait costs a reply nothing.
 */
export const CUT_CLOCK_LEAD_MS = 2 * CLOCK_LEAD_MS;

/**
 * Whether the run's clock runs, so that its frame on screen now is followed by the next one within a frame
 * interval: its media time has run the pre-roll `leadMs` (Chromium keeps currentTime at 0 until the audio output
 * has started, 40–150 ms after play()), or it waited CLOCK_WAIT_MAX. A run that never asked (nothing started it hidden) runs.
 */
export function clockRuns(run: Run, now: number, leadMs = CLOCK_LEAD_MS): boolean {
  if (run.clockAskedAt === null || run.el.currentTime * 1000 >= leadMs) return true;
  return now - run.clockAskedAt >= CLOCK_WAIT_MAX;
}

/** How late a clip's clock starts after play() (audio output start-up), before any was seen; ms. */
export const START_LATENCY_GUESS = 40;
const START_LATENCY_MAX = 150;

/**
 * The first frame after frame 0 of a run started by play() tells how late its clock started:
 * the learnt latency moves towards it (the next warm start begins that much earlier).
 */
export function learnStartLatency(latency: number, run: Run, frame: FrameInfo): number {
  if (run.playedAt === null || frame.mediaTime <= 0) return latency;
  const late = frame.now - run.playedAt - frame.mediaTime * 1000;
  run.playedAt = null;
  return Math.min(START_LATENCY_MAX, Math.max(0, latency * 0.7 + late * 0.3));
}
