/**
 * A small pool of <video> elements stacked in the player's stage. Each holds
 * one clip, loaded and decoded at its first frame, so that a switch to it
 * only has to show it and press play: the warm pool a video-call app keeps.
 * Elements in use (the one shown, the one about to be shown) are never
 * taken for another clip; the others follow the list of clips wanted next.
 */
export interface PoolOptions {
  /** How many <video> elements the stage keeps (each holds one decoded clip). */
  size: number;
  /** Set on every element the pool creates (the stage's CSS hides all but the shown one). */
  className: string;
}

export interface VideoPool {
  readonly elements: readonly HTMLVideoElement[];
  /** The element to play `url` in: a warm one that holds it, else a free one loaded with it now. Never one of `busy`. */
  take(url: string, busy: ReadonlySet<HTMLVideoElement>): HTMLVideoElement;
  /** Keeps the first clips of `urls` loaded (as many as the free elements allow), at their first frame; a URL listed twice gets two elements. */
  warm(urls: readonly string[], busy: ReadonlySet<HTMLVideoElement>): void;
  /** Another element holding the same clip ready at its first frame (a loop's next pass plays there, without a seek). */
  twin(el: HTMLVideoElement, busy: ReadonlySet<HTMLVideoElement>): HTMLVideoElement | undefined;
  /** Whether the element holds its clip decoded at the very first frame, ready to show at once. */
  isReady(el: HTMLVideoElement): boolean;
  /** An element that stopped being shown goes back to its first frame, off the critical path. */
  rewind(el: HTMLVideoElement): void;
  dispose(): void;
}

const HAVE_CURRENT_DATA = 2;

function sourceOf(el: HTMLVideoElement): string | null {
  return el.getAttribute('src');
}

export function createVideoPool(container: HTMLElement, options: PoolOptions): VideoPool {
  const lastUsed = new Map<HTMLVideoElement, number>();
  let tick = 0;
  const elements = Array.from({ length: Math.max(2, options.size) }, () => {
    const el = container.ownerDocument.createElement('video');
    el.className = options.className;
    el.playsInline = true;
    el.preload = 'auto';
    el.disablePictureInPicture = true;
    el.setAttribute('disableremoteplayback', '');
    el.setAttribute('aria-hidden', 'true');
    container.appendChild(el);
    lastUsed.set(el, 0);
    return el;
  });

  const touch = (el: HTMLVideoElement) => lastUsed.set(el, ++tick);
  const load = (el: HTMLVideoElement, url: string) => {
    el.pause();
    el.setAttribute('src', url);
    el.load();
    touch(el);
  };
  /** The least recently used element outside `busy` and `keep`. */
  const victim = (busy: ReadonlySet<HTMLVideoElement>, keep: ReadonlySet<HTMLVideoElement>) => {
    let best: HTMLVideoElement | undefined;
    for (const el of elements) {
      if (busy.has(el) || keep.has(el)) continue;
      if (!best || (lastUsed.get(el) ?? 0) < (lastUsed.get(best) ?? 0)) best = el;
    }
    return best;
  };

  return {
    elements,
    take(url, busy) {
      // An element whose load failed (a network error while it was warmed) fires no second error: load the clip afresh.
      const holding = elements.filter((el) => !busy.has(el) && sourceOf(el) === url && !el.error);
      const ready = holding.find((el) => this.isReady(el)) ?? holding[0];
      if (ready) {
        touch(ready);
        return ready;
      }
      const el = victim(busy, new Set()) ?? elements[0]!;
      load(el, url);
      return el;
    },
    warm(urls, busy) {
      const keep = new Set<HTMLVideoElement>();
      const capacity = elements.length - busy.size;
      for (const url of urls.slice(0, Math.max(0, capacity))) {
        const held = elements.find((el) => !busy.has(el) && !keep.has(el) && sourceOf(el) === url);
        if (held) {
          keep.add(held);
          touch(held);
          this.rewind(held);
          continue;
        }
        const el = victim(busy, keep);
        if (!el) return;
        load(el, url);
        keep.add(el);
      }
    },
    twin(el, busy) {
      const url = sourceOf(el);
      return elements.find(
        (other) => other !== el && !busy.has(other) && sourceOf(other) === url && this.isReady(other),
      );
    },
    isReady(el) {
      return el.readyState >= HAVE_CURRENT_DATA && el.currentTime === 0 && !el.seeking && !el.error;
    },
    rewind(el) {
      if (!el.paused) el.pause();
      if (el.currentTime !== 0 && !el.seeking) el.currentTime = 0;
    },
    dispose() {
      for (const el of elements) {
        el.pause();
        el.removeAttribute('src');
        el.load();
        el.remove();
      }
    },
  };
}
