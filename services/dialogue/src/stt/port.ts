import type { SttEncoding, SttLanguage } from '@talkwith/proto/dialogue';

/** What one recognition is asked: the whole audio of the stream so far, as the client recorded it. */
export interface RecognizeRequest {
  audio: Buffer;
  encoding: SttEncoding;
  sampleRateHertz: number;
  language: SttLanguage;
}

/**
 * A recognition's outcome. `key-invalid` means no recognition can succeed for
 * this character (SPEC.md §8: google_key invalid or missing); `failed` is a
 * passing failure (network, time-out, 5xx) that a later call may not have.
 */
export type RecognizeOutcome =
  { kind: 'text'; text: string } | { kind: 'key-invalid' } | { kind: 'failed'; reason: string };

/** The speech-to-text port: Google Cloud Speech-to-Text (google.ts) or, without a key, the unavailable adapter. */
export interface SpeechToText {
  /** False for the unavailable adapter: a stream is answered `unavailable` at once instead of recording for nothing. */
  readonly available: boolean;
  recognize(request: RecognizeRequest): Promise<RecognizeOutcome>;
}

/** Standalone without a google_key: nothing can be recognised on the server, so the player keeps its text input. */
export const unavailableSpeechToText: SpeechToText = {
  available: false,
  recognize: async () => ({ kind: 'key-invalid' }),
};
