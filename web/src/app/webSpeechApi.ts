/** The parts of the Web Speech API the player and the mic test use (Chrome and Safari ship it as webkitSpeechRecognition). */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  abort(): void;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
export type RecognitionConstructor = new () => Recognition;

/** The browser's speech recogniser, or null where there is none. */
export function speechRecognitionConstructor(scope: object = globalThis): RecognitionConstructor | null {
  const w = scope as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}
