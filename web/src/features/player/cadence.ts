import { watchFrames } from './frames.ts';

/**
 * The frame cadence of the clip on screen. A switch that cuts a clip at a
 * random moment measures, from the old clip's last seen frame to the new
 * clip's first, a random time: more than a frame interval when the old frame
 * came late, was a clip's first frame (held while its clock starts), or when
 * the new clip is shown in the very rendering frame in which the old one
 * presents a frame (that frame is then never seen). Showing the next clip
 * when the old clip's frame has had its interval, or in place of a frame
 * presented on time, makes every switch last at most one frame interval.
 */
export interface ScreenCadence {
  /** The element just shown, in the rendering frame `shownAt` (its current frame is on screen from then). */
  follow(el: HTMLVideoElement, shownAt: number): void;
  /** Whether a clip shown in the rendering frame `now` keeps the cadence (see below). */
  switchFits(now: number): boolean;
  stop(): void;
}

/** Until a clip's own frame interval is seen, the shortest plausible one (30 fps): a switch is then early, never late. */
const INTERVAL_GUESS_MS = 1000 / 30;
/** Clips run at 10 fps or more: a longer step between two presented frames is a jump, not an interval. */
const LONGEST_INTERVAL_S = 0.1;
/** Rendering frame times are vsync times give or take this much (far less than a vsync at any refresh rate); ms. */
const TIMESTAMP_SLACK_MS = 4;
/** Half a 60 Hz vsync: a rendering frame this close to the end of the old frame's interval is its end. */
const HALF_VSYNC_MS = 1000 / 120;

export function screenCadence(): ScreenCadence {
  let stopWatching = () => undefined as void;
  let shownEl: HTMLVideoElement | null = null;
  /** The rendering frames of the last two frames seen on screen. */
  let last: number | null = null;
  let previous: number | null = null;
  let lastMediaTime = -1;
  /** The interval of the clip on screen, from its media times (presentation times jitter by a vsync). */
  let intervalMs = INTERVAL_GUESS_MS;
  let intervalSeen = false;
  /** The last interval learnt from any clip (a character's clips share a frame rate): where a new clip starts. */
  let knownMs = INTERVAL_GUESS_MS;

  function onFrame(mediaTime: number, now: number): void {
    const step = mediaTime - lastMediaTime;
    if (lastMediaTime >= 0 && step > 0 && step <= LONGEST_INTERVAL_S) {
      intervalMs = intervalSeen ? Math.min(intervalMs, step * 1000) : step * 1000;
      intervalSeen = true;
      knownMs = intervalMs;
    }
    lastMediaTime = mediaTime;
    if (now === last) return;
    previous = last;
    last = now;
  }

  /**
   * A switch in `now` holds the old clip's frame seen last for `now - seen`. It fits when that is
   * at most one interval and either the old frame has had its interval or the old clip presents
   * a frame in `now` (the switch takes that frame's place). When it would be longer, the old
   * clip's next frame is waited for and let be seen — unless the old clip has stopped.
   */
  function switchFits(now: number): boolean {
    if (last === null || !shownEl) return true;
    const frameNow = last === now;
    const seen = frameNow ? previous : last;
    if (seen === null) return !frameNow;
    const held = now - seen;
    if (held > intervalMs + TIMESTAMP_SLACK_MS) return !frameNow && (shownEl.paused || shownEl.ended);
    return frameNow || held >= intervalMs - HALF_VSYNC_MS;
  }

  return {
    follow(el, shownAt) {
      stopWatching();
      shownEl = el;
      last = shownAt;
      previous = null;
      lastMediaTime = -1;
      intervalMs = knownMs;
      intervalSeen = false;
      const frames = watchFrames(el, (frame) => onFrame(frame.mediaTime, frame.now));
      // Without frame callbacks there is no cadence to follow: switches happen at once.
      if (!frames.precise) last = null;
      stopWatching = frames.stop;
    },
    switchFits,
    stop() {
      stopWatching();
      shownEl = null;
      last = null;
      previous = null;
    },
  };
}
