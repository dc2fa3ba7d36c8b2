import type { VideoSlotName } from '@talkwith/proto/dialogue';
import type { VideoEvents, VideoPort } from './ports.ts';

interface SlotRun {
  videoId: string | null;
  loopCount: number;
  countedLoop: boolean;
  passes: number;
  notifyAtMs: number | null;
  notified: boolean;
}

const idle = (): SlotRun => ({ videoId: null, loopCount: 1, countedLoop: false, passes: 0, notifyAtMs: null, notified: true });

/** Starts playback; when the browser refuses sound without a gesture, plays muted rather than not at all. */
function startPlaying(el: HTMLVideoElement): void {
  el.play()?.catch(() => {
    el.muted = true;
    el.play()?.catch(() => undefined);
  });
}

/**
 * Drives the two stacked <video> elements: the engine chooses the slot,
 * the other one holds the preloaded next clip. Endless loops use the
 * element's own loop (seamless); counted loops rewind on `ended` until the
 * passes are done, then report the end once.
 */
export function createDomVideoPort(elements: Record<VideoSlotName, HTMLVideoElement>, events: VideoEvents): VideoPort {
  const runs: Record<VideoSlotName, SlotRun> = { A: idle(), B: idle() };
  let active: VideoSlotName | null = null;
  const cleanups: Array<() => void> = [];

  const setSource = (el: HTMLVideoElement, url: string) => {
    if (el.getAttribute('src') === url) return false;
    el.setAttribute('src', url);
    el.load();
    return true;
  };

  for (const slot of ['A', 'B'] as const) {
    const el = elements[slot];
    const onEnded = () => {
      const run = runs[slot];
      if (active !== slot || !run.videoId) return;
      run.passes += 1;
      if (run.countedLoop && run.passes < run.loopCount) {
        el.currentTime = 0;
        startPlaying(el);
        return;
      }
      events.ended(slot, run.videoId);
    };
    const onTime = () => {
      const run = runs[slot];
      if (active !== slot || run.notified || run.notifyAtMs === null || !run.videoId) return;
      if (el.currentTime * 1000 >= run.notifyAtMs) {
        run.notified = true;
        events.timeReached(slot, run.videoId, run.notifyAtMs);
      }
    };
    const onError = () => {
      if (active === slot && runs[slot].videoId) events.failed(slot, runs[slot].videoId ?? '', el.error?.message ?? 'video error');
    };
    el.addEventListener('ended', onEnded);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('error', onError);
    cleanups.push(() => {
      el.removeEventListener('ended', onEnded);
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('error', onError);
    });
  }

  return {
    play(slot, url, { videoId, loop, loopCount, notifyAtMs }) {
      const el = elements[slot];
      active = slot;
      runs[slot] = { videoId, loopCount, countedLoop: loop && loopCount > 0, passes: 0, notifyAtMs, notified: notifyAtMs === null };
      el.loop = loop && loopCount === 0;
      if (!setSource(el, url)) el.currentTime = 0;
      startPlaying(el);
      const other = elements[slot === 'A' ? 'B' : 'A'];
      other.pause();
    },
    preload(slot, url) {
      const el = elements[slot];
      el.preload = 'auto';
      if (slot !== active) setSource(el, url);
    },
    pause() {
      if (active) elements[active].pause();
    },
    resume() {
      if (active) startPlaying(elements[active]);
    },
    dispose() {
      for (const cleanup of cleanups) cleanup();
      for (const el of Object.values(elements)) el.pause();
    },
  };
}
