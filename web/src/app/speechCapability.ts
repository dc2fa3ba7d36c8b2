import { speechRecognitionConstructor, type RecognitionConstructor } from './webSpeechApi.ts';

/**
 * One truth about the microphone and speech recognition, used by /check,
 * /mic_test and the player: the same error names mean the same thing on all
 * three, and /check tests recognition by really starting it (as the talk will),
 * not by seeing that the API exists.
 */

/** What opening the microphone found. */
export type MicOutcome = 'granted' | 'denied' | 'missing' | 'unavailable';
/** Why recognition cannot be used (the player then falls back to the server or to typing). */
export type RecognitionFailure = 'denied' | 'siriOff' | 'missing' | 'unavailable';
export type RecognitionOutcome = 'available' | RecognitionFailure;

/** A getUserMedia rejection, named. */
export function micOutcomeOfError(error: unknown): Exclude<MicOutcome, 'granted'> {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

/** Opens the microphone: the stream (the caller stops it) or why not. */
export async function openMicrophone(): Promise<
  { outcome: 'granted'; stream: MediaStream } | { outcome: Exclude<MicOutcome, 'granted'> }
> {
  if (!navigator.mediaDevices?.getUserMedia) return { outcome: 'unavailable' };
  try {
    return { outcome: 'granted', stream: await navigator.mediaDevices.getUserMedia({ audio: true }) };
  } catch (error) {
    return { outcome: micOutcomeOfError(error) };
  }
}

/** Opens the microphone and lets it go at once. */
export async function probeMicrophone(): Promise<MicOutcome> {
  const opened = await openMicrophone();
  if (opened.outcome === 'granted') for (const track of opened.stream.getTracks()) track.stop();
  return opened.outcome;
}

const FAILURES: Readonly<Record<string, RecognitionFailure>> = {
  'not-allowed': 'denied',
  // iOS answers this when Siri & Dictation (speech recognition) is off in the privacy settings.
  'service-not-allowed': 'siriOff',
  'audio-capture': 'missing',
  // The browser's recognition service cannot be reached (Chromium builds without Google's service answer this).
  network: 'unavailable',
  'language-not-supported': 'unavailable',
};

/** A recognition error after which listening again cannot help, named; null for the ones that just restart (no-speech, aborted). */
export function recognitionFailureOf(error: string): RecognitionFailure | null {
  return FAILURES[error] ?? null;
}

/**
 * 'audio-capture' says recognition could not take the microphone, not that
 * there is none: when the microphone opens for getUserMedia, it is recognition
 * that is unavailable here (so /mic_test never says "no microphone" for a
 * microphone its level meter just heard).
 */
export async function confirmRecognitionFailure(failure: RecognitionFailure): Promise<RecognitionFailure> {
  if (failure !== 'missing') return failure;
  const mic = await probeMicrophone();
  return mic === 'granted' ? 'unavailable' : mic === 'denied' ? 'denied' : 'missing';
}

/** How long recognition may run without an error before it counts as working. */
export const RECOGNITION_PROBE_MS = 2500;

/** Starts recognition as the talk does and stops it: working (no error within the timeout, or it heard audio) or why not. */
export async function probeRecognition(
  lang: string,
  timeoutMs = RECOGNITION_PROBE_MS,
  Ctor: RecognitionConstructor | null = speechRecognitionConstructor(),
): Promise<RecognitionOutcome> {
  if (!Ctor) return 'unavailable';
  const rec = new Ctor();
  rec.lang = lang;
  rec.continuous = false;
  rec.interimResults = false;
  const failure = await new Promise<RecognitionFailure | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const settle = (value: RecognitionFailure | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    rec.onerror = (event) => {
      if (event.error !== 'aborted') settle(recognitionFailureOf(event.error));
    };
    rec.onresult = () => settle(null);
    rec.onend = () => undefined;
    try {
      rec.start();
    } catch {
      settle('unavailable');
    }
  });
  rec.onerror = null;
  rec.onresult = null;
  try {
    rec.abort();
  } catch {
    /* already ended */
  }
  return failure ? confirmRecognitionFailure(failure) : 'available';
}
