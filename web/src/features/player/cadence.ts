import { watchFrames } from './frames.ts';

/**
 * The frame cadence of the clip on screen. A switch that cuts a clip at a
 * random moment leaves its last frame on screen for a random time: up to a
 * frame interval too long when the clip's frame was late or had just started,
 * or when the next clip is shown in the very rendering frame in which the old
 * one presents a frame (that frame is never seen). Showing the next clip one
 * frame interval after the old clip's last seen frame keeps the picture's
 * rhythm: every switch lasts one frame, as a natural end does.
 */
export interface ScreenCadence {
  /** The element just shown, in the rendering frame `shownAt` (its current frame is on screen from then). */
  follow(el: HTMLVideoElement, shownAt: number): void;
  /**
   * When the next clip should be shown: one frame interval after the last frame
   * of the clip on screen. A frame presented in the rendering frame `now` itself
   * would be hidden unseen by a switch in it: that is right when the frame before
   * it has had its interval (the switch takes that frame's place), but when the
   * frame before stayed longer (it came late, or the request came late), this
   * frame is let be seen and the switch comes one interval after it.
   * Null when nothing on screen has a cadence to keep.
   */
  dueAt(now: number): number | null;
  stop(): void;
}

/** Until a clip's own frame interval is seen, the shortest plausible one (30 fps): a switch is then early, never late. */
const INTERVAL_GUESS_MS = 1000 / 30;
/** Clips run at 10 fps or more: a longer step between two presented frames is a jump, not an interval. */
const LONGEST_INTERVAL_S = 0.1;
/** Rendering frame times are vsync times give or take this much (far less than a vsync at any refresh rate); ms. */
const TIMESTAMP_SLACK_MS = 4;

export function screenCadence(): ScreenCadence {
  let stopWatching = () => undefined as void;
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

  return {
    follow(el, shownAt) {
      stopWatching();
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
    dueAt(now) {
      if (last === null) return null;
      if (last !== now) return last + intervalMs;
      if (previous !== null && now <= previous + intervalMs + TIMESTAMP_SLACK_MS) return previous + intervalMs;
      return now + intervalMs;
    },
    stop() {
      stopWatching();
      last = null;
      previous = null;
    },
  };
}
