/** The media events the video stage acts on, for one element of its pool. */
export interface MediaHandlers {
  ended(el: HTMLVideoElement): void;
  /** The element may have a frame now: after a load, or a seek back to frame 0 (readyState drops while seeking), whichever comes last. */
  data(el: HTMLVideoElement): void;
  error(el: HTMLVideoElement): void;
}

const DATA_EVENTS = ['loadeddata', 'canplay', 'seeked', 'playing'] as const;

/** Listens on every element; returns the clean-up. */
export function listenToMedia(elements: readonly HTMLVideoElement[], handlers: MediaHandlers): () => void {
  const removers = elements.map((el) => {
    const onEnded = () => handlers.ended(el);
    const onData = () => handlers.data(el);
    const onError = () => handlers.error(el);
    el.addEventListener('ended', onEnded);
    el.addEventListener('error', onError);
    for (const type of DATA_EVENTS) el.addEventListener(type, onData);
    return () => {
      el.removeEventListener('ended', onEnded);
      el.removeEventListener('error', onError);
      for (const type of DATA_EVENTS) el.removeEventListener(type, onData);
    };
  });
  return () => {
    for (const remove of removers) remove();
  };
}
