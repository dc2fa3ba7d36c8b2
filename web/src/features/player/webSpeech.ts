import { speechRecognitionConstructor } from '../../app/webSpeechApi.ts';
import { confirmRecognitionFailure, recognitionFailureOf } from '../../app/speechCapability.ts';
import type { SpeechEvents, SpeechPort } from './ports.ts';

const MAX_RESTARTS_PER_10S = 5;

/**
 * Browser speech recognition in the talk's language: interim results become nods, a final result goes to the engine.
 * A failure is reported by its name in app/speechCapability.ts (as /check and /mic_test name it). Null when the browser has none.
 */
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
  let disposed = false;
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
    // 'no-speech' and 'aborted' just restart; 'audio-capture' is checked against the microphone itself, as /mic_test does.
    const failure = recognitionFailureOf(event.error);
    if (!failure) return;
    wanted = false;
    void confirmRecognitionFailure(failure).then((confirmed) => {
      if (!disposed) events.unavailable(confirmed);
    });
  };
  rec.onend = () => {
    running = false;
    if (!wanted) return;
    const now = Date.now();
    restarts = [...restarts.filter((t) => now - t < 10_000), now];
    if (restarts.length > MAX_RESTARTS_PER_10S) {
      wanted = false;
      // Ending over and over without an error: recognition does not work here.
      events.unavailable('unavailable');
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
      disposed = true;
      rec.onresult = null;
      rec.onerror = null;
      rec.onend = null;
      if (running) rec.abort();
    },
  };
}
