/**
 * What the player really shows, measured in the page: a recorder installed with
 * `context.addInitScript({ content: videoProbeScript() })`, and a pure analysis of
 * what it recorded (runs in Node on the JSON `window.__probe.dump()` returns).
 *
 * Contract with the player: the visible video is the element with class
 * `player__video--active` inside `.player__stage` (any number of <video> elements:
 * a warm pool is fine). The player flips that class either inside a video frame
 * callback (these run before the animation frame callbacks of the same rendering
 * update) or inside an animation frame callback that may run after the probe's;
 * the probe re-samples an update when a class changes while the document timeline
 * still reads that update's time. Frame callbacks and animation frame callbacks of
 * one update share the same `now`; the analysis joins the two on it.
 */

/** One requestVideoFrameCallback call: element `i` presented a frame. */
export interface ProbeFrame {
  i: number;
  src: string;
  mediaTime: number;
  presentedFrames: number;
  expectedDisplayTime: number;
  now: number;
  /** The element's duration in seconds when the frame was presented (NaN while unknown). */
  duration: number;
}

/** One requestAnimationFrame call (one rendering update): which element is visible and its state. */
export interface ProbeRender {
  now: number;
  /** Index of the visible element (class, and not hidden by CSS), or -1 when none is. */
  active: number;
  /** How many elements were visible (more than one: the last in document order is on top). */
  count: number;
  readyState: number;
  src: string;
}

/** A `loadstart` (a source was set) on element `i`, at performance.now(). */
export interface ProbeLoad {
  i: number;
  t: number;
  src: string;
}
export interface ProbeMark {
  label: string;
  t: number;
}
/** A fault the probe injected on purpose (the visible element hidden from `start` to `end`). */
export interface ProbeFault {
  i: number;
  start: number;
  end: number | null;
}

export interface ProbeData {
  frames: ProbeFrame[];
  renders: ProbeRender[];
  loads: ProbeLoad[];
  marks: ProbeMark[];
  faults: ProbeFault[];
}

export interface ProbeScriptOptions {
  /**
   * Fault injection, to prove the detector: at each of the first `maxFaults` clip
   * switches (the active class moving to another element or another source),
   * the newly visible element is hidden for `hideFrames` rendering frames.
   */
  fault?: { hideFrames: number; maxFaults?: number };
}

/**
 * The page-side recorder, as source for `context.addInitScript({ content })`.
 * Plain JavaScript in a string: the root tsconfig has no DOM types, and a string
 * is immune to the helpers a TypeScript transform might add to a serialised function.
 * Installs `window.__probe` with `mark(label)` and `dump()`; every `submit` event
 * is marked 'submit' when it is dispatched (capture phase, before the page's handlers).
 */
export function videoProbeScript(options: ProbeScriptOptions = {}): string {
  return `(() => {
  if (window.__probe) return;
  const OPTIONS = ${JSON.stringify(options)};
  const ACTIVE = 'player__video--active';
  const SELECTOR = '.player__stage video';
  const frames = [], renders = [], loads = [], marks = [], faults = [];
  const videos = [];
  const mark = (label) => { marks.push({ label, t: performance.now() }); };

  const track = (video) => {
    if (videos.includes(video)) return;
    const i = videos.length;
    videos.push(video);
    let handle = null;
    const onFrame = (now, m) => {
      frames.push({ i, src: video.currentSrc, mediaTime: m.mediaTime, presentedFrames: m.presentedFrames,
        expectedDisplayTime: m.expectedDisplayTime, now, duration: video.duration });
      handle = video.requestVideoFrameCallback(onFrame);
    };
    const arm = () => {
      if (handle !== null) video.cancelVideoFrameCallback(handle);
      handle = video.requestVideoFrameCallback(onFrame);
    };
    if (video.currentSrc) loads.push({ i, t: performance.now(), src: video.currentSrc });
    video.addEventListener('loadstart', () => { loads.push({ i, t: performance.now(), src: video.currentSrc }); arm(); });
    arm();
  };
  const scan = (node) => {
    if (node.nodeType !== 1) return;
    if (node.matches(SELECTOR)) track(node);
    node.querySelectorAll(SELECTOR).forEach(track);
  };
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(scan);
  }).observe(document, { childList: true, subtree: true });

  const shown = (video) => {
    if (!video.isConnected || !video.classList.contains(ACTIVE)) return false;
    const style = getComputedStyle(video);
    return style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };

  // Fault injection: the clip the class points at, ignoring what the fault itself hides.
  const fault = OPTIONS.fault || null;
  let classKey = '';
  let hiding = null;
  const injectFault = (now) => {
    if (hiding) {
      hiding.left -= 1;
      if (hiding.left <= 0) {
        hiding.video.style.removeProperty('visibility');
        hiding.record.end = now;
        hiding = null;
      }
      return;
    }
    const index = videos.findIndex((v) => v.isConnected && v.classList.contains(ACTIVE));
    const key = index < 0 ? '' : index + '|' + videos[index].currentSrc;
    if (key === '' || key === classKey) return;
    const first = classKey === '';
    classKey = key;
    if (first || faults.length >= (fault.maxFaults ?? Infinity)) return;
    const video = videos[index];
    video.style.setProperty('visibility', 'hidden', 'important');
    const record = { i: index, start: now, end: null };
    faults.push(record);
    hiding = { video, record, left: fault.hideFrames };
  };

  const sample = (now) => {
    let active = -1, count = 0;
    for (let i = 0; i < videos.length; i++) if (shown(videos[i])) { active = i; count += 1; }
    const video = active >= 0 ? videos[active] : null;
    return { now, active, count, readyState: video ? video.readyState : 0, src: video ? video.currentSrc : '' };
  };
  const tick = (now) => {
    document.querySelectorAll(SELECTOR).forEach(track);
    renders.push(sample(now));
    if (fault) injectFault(now);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // This rAF callback runs first in its rendering update; a class the player changes in a later
  // callback of the same update still reaches the screen in that update. A mutation observed while
  // the document timeline still reads that update's time re-samples it.
  new MutationObserver(() => {
    const last = renders[renders.length - 1];
    if (last && document.timeline.currentTime === last.now) renders[renders.length - 1] = sample(last.now);
  }).observe(document, { attributes: true, attributeFilter: ['class', 'style'], subtree: true });

  addEventListener('submit', () => mark('submit'), true);
  addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) mark('click:' + (button.textContent || '').trim());
  }, true);
  window.__probe = { mark, dump: () => ({ frames, renders, loads, marks, faults }) };
})();`;
}

export type SwitchKind = 'natural' | 'interrupt' | 'loop';

export interface ClipSwitch {
  /** natural: the old clip played to its end; interrupt: it was cut; loop: the same clip restarted on the same element after its end. */
  kind: SwitchKind;
  fromSrc: string;
  toSrc: string;
  fromElement: number;
  toElement: number;
  /** When the new clip's first visible frame was displayed minus when the old clip's last visible frame was. */
  gapMs: number;
  gapFrames: number;
  /** When the new clip's first visible frame was displayed (performance.now() time base). */
  at: number;
  /** The old clip's last presented mediaTime and its duration, in seconds. */
  lastMediaTime: number;
  duration: number;
  /**
   * How long the new clip's first visible frame stayed on screen before its next frame (its frame 1, the
   * first moving one) replaced it, ms; NaN when another clip replaced it first. Ideal: one frame interval.
   */
  holdMs: number;
  /** The old clip's last visible frame → the new clip's frame 1 (gapMs + holdMs), ms; ideal: two intervals. */
  toMovingMs: number;
  /**
   * holdMs and toMovingMs by display time: a frame reaches the screen at its expectedDisplayTime, a class flip one
   * vsync after its rendering update. Chromium composites a video frame without the main thread and reports it in
   * the next rendering update (expectedDisplayTime = now for most frames), so by callback time a frame looks a vsync
   * later than a class flip made in the same update: holdMs reads 1.25 intervals for a frame 0 held exactly one.
   */
  holdDisplayMs: number;
  toMovingDisplayMs: number;
}

export type BlankReason = 'no-video' | 'not-ready' | 'no-frame';

export interface BlankEpisode {
  start: number;
  end: number;
  frames: number;
  reason: BlankReason;
  src: string;
}

export interface Latency {
  label: string;
  t: number;
  ms: number;
  toSrc: string;
}

export interface ProbeAnalysis {
  switches: ClipSwitch[];
  /** Rendering frames, after the first clip was shown, in which no frame of the visible clip was on screen. */
  blankFrames: number;
  /** The rendering update time (rAF `now`) of each blank frame. */
  blankTimes: number[];
  blankEpisodes: BlankEpisode[];
  /** For each mark with the asked label: the time to the first frame of the next clip (a restart of the same loop does not count). */
  latencies: Latency[];
  /** Switches left out because the player waited for a user action (see AnalyzeOptions.userWaits). */
  waitedForUser: number;
  /** Rendering frames looked at (from the first clip shown to the end). */
  renderFrames: number;
  firstShownAt: number | null;
  /** Median of expectedDisplayTime − now: how long after its rendering update a frame reaches the screen. */
  displayOffsetMs: number;
}

export interface AnalyzeOptions {
  /** The clips' frame interval, ms (the demo character's clips are 15 fps). */
  frameMs?: number;
  /** Mark label whose latency to the next clip is measured. */
  markLabel?: string;
  /** A mark with no new clip within this time gets no latency. */
  maxLatencyMs?: number;
  /** Only rendering frames at or after / before these times (performance.now()) are looked at. */
  from?: number;
  to?: number;
  /**
   * Marks of user actions the player waits for (e.g. the button that starts again after the
   * end): a switch with such a mark between the old clip's last frame and the new clip's
   * first measures the user, not the player, and is left out (counted in `waitedForUser`).
   */
  userWaits?: string[];
}

interface Run {
  id: number;
  element: number;
  src: string;
  frames: ProbeFrame[];
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Nearest-rank percentile (p in 0..100) of a list; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Index of the last item whose key is ≤ at, or -1 (items sorted by key). */
function lastAtOrBefore<T>(items: readonly T[], key: (item: T) => number, at: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid] as T) <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Splits each element's frames into runs (one clip played once): a new run starts when
 * the source changes, the media time jumps back, or a source was set between two frames.
 */
function splitRuns(data: ProbeData): {
  runs: Run[];
  runOf: Map<ProbeFrame, Run>;
  byElement: Map<number, ProbeFrame[]>;
} {
  const byElement = new Map<number, ProbeFrame[]>();
  for (const frame of data.frames) {
    const list = byElement.get(frame.i) ?? [];
    list.push(frame);
    byElement.set(frame.i, list);
  }
  const runs: Run[] = [];
  const runOf = new Map<ProbeFrame, Run>();
  for (const [element, frames] of byElement) {
    frames.sort((a, b) => a.now - b.now);
    const loads = data.loads
      .filter((l) => l.i === element)
      .map((l) => l.t)
      .sort((a, b) => a - b);
    let run: Run | null = null;
    let last: ProbeFrame | null = null;
    for (const frame of frames) {
      const loadedBetween = last !== null && loads.some((t) => t > (last as ProbeFrame).now && t <= frame.now);
      if (!run || !last || frame.src !== run.src || frame.mediaTime < last.mediaTime || loadedBetween) {
        run = { id: runs.length, element, src: frame.src, frames: [] };
        runs.push(run);
      }
      run.frames.push(frame);
      runOf.set(frame, run);
      last = frame;
    }
  }
  return { runs, runOf, byElement };
}

/** Turns what the probe recorded into clip switches, blank frames and latencies. */
export function analyzeProbe(data: ProbeData, options: AnalyzeOptions = {}): ProbeAnalysis {
  const frameMs = options.frameMs ?? 1000 / 15;
  const markLabel = options.markLabel ?? 'submit';
  const maxLatencyMs = options.maxLatencyMs ?? 10_000;
  const { runOf, byElement } = splitRuns(data);
  const displayOffsetMs = median(data.frames.map((f) => f.expectedDisplayTime - f.now));
  const loadsByElement = new Map<number, number[]>();
  for (const load of data.loads) {
    const list = loadsByElement.get(load.i) ?? [];
    list.push(load.t);
    loadsByElement.set(load.i, list);
  }

  const renders = data.renders
    .filter(
      (r) => (options.from === undefined || r.now >= options.from) && (options.to === undefined || r.now <= options.to),
    )
    .sort((a, b) => a.now - b.now);

  const waits = data.marks.filter((m) => options.userWaits?.includes(m.label)).map((m) => m.t);
  const switches: ClipSwitch[] = [];
  let waitedForUser = 0;
  const blankEpisodes: BlankEpisode[] = [];
  const blankTimes: number[] = [];
  let renderFrames = 0;
  let firstShownAt: number | null = null;
  let current: { run: Run; frame: ProbeFrame; shownAt: number; displayAt: number } | null = null;
  const vsyncMs = median(renders.slice(1).map((r, k) => r.now - (renders[k] as ProbeRender).now)) || 1000 / 60;
  /** When the first visible frame of the last switch reached the screen, and the old clip's last one did. */
  let switchDisplay = { first: Number.NaN, lastOld: Number.NaN };
  let episode: BlankEpisode | null = null;
  /** The last switch while its new clip still shows its first visible frame. */
  let awaitingFrame1: ClipSwitch | null = null;

  for (const render of renders) {
    let frame: ProbeFrame | null = null;
    let reason: BlankReason | null = null;
    if (render.active < 0) reason = 'no-video';
    else if (render.readyState < 2) reason = 'not-ready';
    else {
      const frames = byElement.get(render.active) ?? [];
      const index = lastAtOrBefore(frames, (f) => f.now, render.now);
      const candidate = index >= 0 ? (frames[index] as ProbeFrame) : null;
      const loads = loadsByElement.get(render.active) ?? [];
      const reloaded = candidate !== null && loads.some((t) => t > candidate.now && t <= render.now);
      if (!candidate || reloaded || candidate.src !== render.src) reason = 'no-frame';
      else frame = candidate;
    }

    if (firstShownAt === null) {
      if (!frame) continue; // the poster shows until the first clip does
      firstShownAt = render.now;
    }
    renderFrames += 1;

    if (!frame) {
      blankTimes.push(render.now);
      if (episode && episode.reason === reason) {
        episode.end = render.now;
        episode.frames += 1;
      } else {
        episode = { start: render.now, end: render.now, frames: 1, reason: reason ?? 'no-frame', src: render.src };
        blankEpisodes.push(episode);
      }
      continue;
    }
    episode = null;
    const run = runOf.get(frame) as Run;
    if (current && current.frame === frame) continue;
    // Times are those of the rendering updates that put a frame on screen: a frame presented in
    // this update, or one presented earlier while its element was hidden and shown by this update.
    // Every update reaches the screen after the same pipeline delay, so differences are exact,
    // whereas expectedDisplayTime in headless Chromium wanders from 33 ms before to 50 ms after `now`.
    const shownAt: number = render.now;
    if (current && current.run !== run) {
      const from = current.run;
      const playedFrames = from.frames.filter((f) => f.now <= render.now);
      const lastPlayed = playedFrames.at(-1) ?? current.frame;
      const durations = playedFrames.map((f) => f.duration).filter((d) => Number.isFinite(d));
      const duration = durations.at(-1) ?? Number.NaN;
      const ended = Number.isFinite(duration) && duration - lastPlayed.mediaTime <= (1.5 * frameMs) / 1000;
      const sameClip = from.element === run.element && from.src === run.src;
      const gapMs = shownAt - current.shownAt;
      const lastShownAt = current.shownAt;
      if (waits.some((t) => t >= lastShownAt && t <= shownAt)) waitedForUser += 1;
      else
        switches.push({
          kind: ended ? (sameClip ? 'loop' : 'natural') : 'interrupt',
          fromSrc: from.src,
          toSrc: run.src,
          fromElement: from.element,
          toElement: run.element,
          gapMs,
          gapFrames: gapMs / frameMs,
          at: shownAt,
          lastMediaTime: lastPlayed.mediaTime,
          duration,
          holdMs: Number.NaN,
          toMovingMs: Number.NaN,
          holdDisplayMs: Number.NaN,
          toMovingDisplayMs: Number.NaN,
        });
      switchDisplay = { first: Math.max(frame.expectedDisplayTime, shownAt + vsyncMs), lastOld: current.displayAt };
      awaitingFrame1 = switches.at(-1)?.at === shownAt ? (switches.at(-1) ?? null) : null;
    } else if (awaitingFrame1) {
      // The same clip's next frame: the first moving one after the switch.
      awaitingFrame1.holdMs = shownAt - awaitingFrame1.at;
      awaitingFrame1.toMovingMs = awaitingFrame1.gapMs + awaitingFrame1.holdMs;
      awaitingFrame1.holdDisplayMs = frame.expectedDisplayTime - switchDisplay.first;
      awaitingFrame1.toMovingDisplayMs = frame.expectedDisplayTime - switchDisplay.lastOld;
      awaitingFrame1 = null;
    }
    // A clip's frame reaches the screen at its display time; a clip just shown, not before its class flip does.
    const displayAt: number =
      current && current.run !== run
        ? Math.max(frame.expectedDisplayTime, shownAt + vsyncMs)
        : frame.expectedDisplayTime;
    current = { run, frame, shownAt, displayAt };
  }

  const latencies: Latency[] = [];
  for (const mark of data.marks.filter((m) => m.label === markLabel)) {
    const next = switches.find((s) => s.at > mark.t && s.kind !== 'loop');
    if (next && next.at - mark.t <= maxLatencyMs)
      latencies.push({ label: mark.label, t: mark.t, ms: next.at - mark.t, toSrc: next.toSrc });
  }
  return {
    switches,
    blankFrames: blankTimes.length,
    blankTimes,
    blankEpisodes,
    latencies,
    waitedForUser,
    renderFrames,
    firstShownAt,
    displayOffsetMs,
  };
}

/** File name of a clip URL (`…/videos/greet.mp4` → `greet.mp4`), for reports. */
export const clipName = (src: string): string => src.slice(src.lastIndexOf('/') + 1);
