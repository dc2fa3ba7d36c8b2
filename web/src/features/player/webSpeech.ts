import { speechRecognitionConstructor } from '../../app/webSpeechApi.ts';
import { recognitionFailureOf } from '../../app/speechCapability.ts';
import type { SpeechEvents, SpeechPort } from './ports.ts';

const MAX_RESTARTS_PER_10S = 5;

/** Browser speech recognition (ja-JP): interim results become nods, a final result goes to the engine. Null when the browser has none. */
export function createWebSpeech(
  events: SpeechEvents,
  lang = 'ja-JP',
  Ctor = speechRecognitionConstructor(),
): SpeechPort | null {
  if (!Ctor) return null;
  const rec = new Ctor();
  rec.lang = lang;
  rec.continuous = true;
  rec.interimResults = true;
  let wanted = false;
  let running = false;
  let restarts: number[] = [];

  const begin = () => {
    if (running) return;
    try {
      rec.start();
      running = true;
    } catch {
      // already started: the recogniser keeps going
    }
  };
  rec.onresult = (event) => {
    let interim = '';
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      const text = result?.[0]?.transcript ?? '';
      if (result?.isFinal) events.final(text);
      else interim += text;
    }
    if (interim) events.interim(interim);
  };
  rec.onerror = (event) => {
    // The errors /check and /mic_test name the same way (app/speechCapability.ts); 'no-speech' and 'aborted' just restart.
    if (!recognitionFailureOf(event.error)) return;
    wanted = false;
    events.unavailable(event.error);
  };
  rec.onend = () => {
    running = false;
    if (!wanted) return;
    const now = Date.now();
    restarts = [...restarts.filter((t) => now - t < 10_000), now];
    if (restarts.length > MAX_RESTARTS_PER_10S) {
      wanted = false;
      events.unavailable('restart-loop');
      return;
    }
    begin();
  };
  return {
    start() {
      wanted = true;
      begin();
    },
    stop() {
      wanted = false;
      if (running) rec.abort();
    },
    dispose() {
      wanted = false;
      rec.onresult = null;
      rec.onerror = null;
      rec.onend = null;
      if (running) rec.abort();
    },
  };
}
