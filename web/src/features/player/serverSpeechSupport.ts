import type { SttEncoding, SttLanguage } from '@talkwith/proto/dialogue';
import { INTERFACE_LANGUAGES } from '@talkwith/proto/i18n';

/**
 * Whether this browser can record for the server's speech-to-text, without
 * the recogniser itself (serverSpeech.ts, loaded only once a talk may use it):
 * the player decides its speech mode at once, the code comes later.
 */

const LANGUAGES: readonly SttLanguage[] = INTERFACE_LANGUAGES;

/** The language the server recognises for a talk in `language` (ja-JP for any other). */
export const sttLanguageOf = (language: string | undefined): SttLanguage =>
  LANGUAGES.find((l) => l === language) ?? 'ja-JP';

/** The parts of MediaRecorder the server speech uses. */
export interface RecorderLike {
  readonly state: string;
  start(timesliceMs: number): void;
  stop(): void;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
}
export interface RecorderConstructor {
  new (stream: MediaStream, options: { mimeType: string }): RecorderLike;
  isTypeSupported(mimeType: string): boolean;
}

/** What MediaRecorder records, best first, and how the server is told (Opus at 48 kHz either way). */
export const FORMATS: { mimeType: string; encoding: SttEncoding }[] = [
  { mimeType: 'audio/webm;codecs=opus', encoding: 'WEBM_OPUS' },
  { mimeType: 'audio/ogg;codecs=opus', encoding: 'OGG_OPUS' },
];
export function browserRecorder(): RecorderConstructor | null {
  return (globalThis as { MediaRecorder?: RecorderConstructor }).MediaRecorder ?? null;
}

export function browserMicrophone(): (() => Promise<MediaStream>) | null {
  const media = (
    globalThis as {
      navigator?: { mediaDevices?: { getUserMedia?: (c: MediaStreamConstraints) => Promise<MediaStream> } };
    }
  ).navigator?.mediaDevices;
  return media?.getUserMedia ? () => media.getUserMedia!({ audio: true }) : null;
}

/** MediaRecorder with an Opus format and a microphone API: what createServerSpeech needs to be more than null. */
export function canRecordForServer(): boolean {
  const Recorder = browserRecorder();
  return Boolean(Recorder && browserMicrophone() && FORMATS.some((f) => Recorder.isTypeSupported(f.mimeType)));
}
