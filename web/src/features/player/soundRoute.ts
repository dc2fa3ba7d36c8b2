/**
 * The clips' sound through one AudioContext started at the talk's first tap, each element behind a gain of its
 * own. Why: a clip is started hidden before it is shown, and Chromium starts a muted element's clock 30–45 ms
 * after play() (when its audio output has started; longer on a loaded phone), so the clip after a natural end
 * ran late and held its frame 0. An unmuted element routed into a context that already runs starts its clock
 * at once: hidden, it is silenced by its gain (0) instead of `muted`.
 *
 * A routed element plays only while the context runs (a suspended context stops its clock), so whenever the
 * context does not run, every element is muted instead, and the gains take over again once it runs (resumed by
 * the next tap). Clips from another origin are not routed: without CORS their sound would reach the context as
 * silence.
 * The sound reaches the speaker later by the context's output latency (tens of ms), which the element's clock
 * does not count: the voice may trail the lips by that, well inside what viewers notice (sound late by 100 ms).
 */
export interface SoundRoute {
  /** Lets the element be heard or not (its gain; muted while the context does not run). */
  audible(el: HTMLVideoElement, on: boolean): void;
  close(): void;
}

const sameOrigin = (url: string) => new URL(url, location.href).origin === location.origin;

/**
 * Routes every element through `context` once the context runs; null (and the context closed) when a clip comes
 * from another origin or the context does not start. `heard(el)`: whether the element may be heard now.
 */
export async function routeSound(
  context: AudioContext,
  elements: readonly HTMLVideoElement[],
  urls: readonly string[],
  heard: (el: HTMLVideoElement) => boolean,
): Promise<SoundRoute | null> {
  const sources = [...urls, ...elements.map((el) => el.getAttribute('src') ?? '')].filter((url) => url !== '');
  const routable = sources.every(sameOrigin);
  if (routable) await context.resume().catch(() => undefined);
  if (!routable || context.state !== 'running') {
    void context.close().catch(() => undefined);
    return null;
  }
  const wanted = new Map(elements.map((el) => [el, heard(el)]));
  const gains = new Map(
    elements.map((el) => {
      const gain = context.createGain();
      context.createMediaElementSource(el).connect(gain).connect(context.destination);
      return [el, gain] as const;
    }),
  );
  const apply = (el: HTMLVideoElement) => {
    el.muted = context.state !== 'running';
    gains.get(el)?.gain.setValueAtTime(wanted.get(el) ? 1 : 0, context.currentTime);
  };
  // A context the browser suspended (a call, another app's sound) may be resumed only from a gesture: the next tap.
  const resume = () => void context.resume().catch(() => undefined);
  const applyAll = () => {
    elements.forEach(apply);
    if (context.state === 'suspended') document.addEventListener('pointerdown', resume, { once: true, capture: true });
  };
  context.addEventListener('statechange', applyAll);
  applyAll();
  return {
    audible(el, on) {
      wanted.set(el, on);
      apply(el);
    },
    close() {
      context.removeEventListener('statechange', applyAll);
      document.removeEventListener('pointerdown', resume, { capture: true });
      void context.close().catch(() => undefined);
    },
  };
}
