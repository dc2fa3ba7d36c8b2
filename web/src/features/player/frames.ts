/** What the browser tells about a video frame it is about to show (requestVideoFrameCallback). */
export interface FrameInfo {
  /** The frame's time in the clip, in seconds. */
  mediaTime: number;
  /** The rendering frame that shows it (the requestAnimationFrame time of that frame, ms). */
  now: number;
}

/** requestVideoFrameCallback is in the DOM types but not in every browser (Firefox before 132, jsdom). */
export function hasFrameCallbacks(el: HTMLVideoElement): boolean {
  return typeof (el as Partial<HTMLVideoElement>).requestVideoFrameCallback === 'function';
}

/**
 * Calls `onFrame` for every frame the element presents, until stopped.
 * Where the browser has no requestVideoFrameCallback, it approximates a
 * frame with `timeupdate` (display time unknown: the current time is used)
 * and returns `precise: false` so callers fall back to the `ended` event.
 */
export function watchFrames(
  el: HTMLVideoElement,
  onFrame: (info: FrameInfo) => void,
): { stop(): void; precise: boolean } {
  if (hasFrameCallbacks(el)) {
    let handle = 0;
    let live = true;
    const next = () => {
      handle = el.requestVideoFrameCallback((now, meta) => {
        if (!live) return;
        onFrame({ mediaTime: meta.mediaTime, now });
        if (live) next();
      });
    };
    next();
    return {
      precise: true,
      stop: () => {
        live = false;
        el.cancelVideoFrameCallback(handle);
      },
    };
  }
  // `playing` alone can come before a frame is painted; the first timeupdate past 0 follows one.
  const onTime = () => {
    if (el.currentTime > 0) onFrame({ mediaTime: el.currentTime, now: performance.now() });
  };
  el.addEventListener('timeupdate', onTime);
  return { precise: false, stop: () => el.removeEventListener('timeupdate', onTime) };
}

/**
 * Runs `fn(now)` in the rendering frame closest to `at` (a requestAnimationFrame
 * time; the first frame when `at` is null or past). A change made there shows
 * in the same frame as a video frame whose callback had that `now`.
 */
export function inFrameAt(
  at: number | null,
  fn: (now: number) => void,
  raf: (cb: (now: number) => void) => number,
): () => void {
  let live = true;
  let previous: number | null = null;
  let vsync = 1000 / 60;
  const tick = (now: number) => {
    if (!live) return;
    if (previous !== null && now - previous > 4) vsync = Math.min(vsync, now - previous);
    previous = now;
    if (at === null || now >= at - vsync / 2) {
      fn(now);
      return;
    }
    raf(tick);
  };
  raf(tick);
  return () => {
    live = false;
  };
}

/** Runs `fn(now)` in the first rendering frame for which `ready(now)` holds (asked in every rendering frame from the next one). */
export function inFrameWhen(
  ready: (now: number) => boolean,
  fn: (now: number) => void,
  raf: (cb: (now: number) => void) => number,
): () => void {
  let live = true;
  const tick = (now: number) => {
    if (!live) return;
    if (ready(now)) fn(now);
    else raf(tick);
  };
  raf(tick);
  return () => {
    live = false;
  };
}
