import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecognitionConstructor } from './webSpeechApi.ts';
import { probeRecognition, recognitionFailureOf } from './speechCapability.ts';

/** A recogniser that, once started, fails with `error` (or runs quietly when there is none). */
function recogniser(error?: string): RecognitionConstructor {
  return class {
    lang = '';
    continuous = true;
    interimResults = true;
    onresult = null;
    onerror: ((event: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      if (error) setTimeout(() => this.onerror?.({ error }), 0);
    }
    abort() {
      this.onend?.();
    }
  };
}

function microphone(refusal?: string) {
  const getUserMedia = vi.fn(async () => {
    if (refusal) throw new DOMException('refused', refusal);
    return { getTracks: () => [] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

describe('speech capability', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('probeRecognition, a recogniser running without an error until the timeout, is available', async () => {
    expect(await probeRecognition('ja-JP', 20, recogniser())).toBe('available');
  });

  it('probeRecognition, no recogniser or one whose service fails (network), is unavailable, as the talk finds it', async () => {
    expect(await probeRecognition('ja-JP', 20, null)).toBe('unavailable');
    expect(await probeRecognition('ja-JP', 1000, recogniser('network'))).toBe('unavailable');
  });

  it('probeRecognition, audio-capture with a microphone that opens, is unavailable; with none, missing', async () => {
    microphone();
    expect(await probeRecognition('ja-JP', 1000, recogniser('audio-capture'))).toBe('unavailable');
    microphone('NotFoundError');
    expect(await probeRecognition('ja-JP', 1000, recogniser('audio-capture'))).toBe('missing');
  });

  it('recognitionFailureOf, the errors that only restart listening, are no failure', () => {
    expect(recognitionFailureOf('no-speech')).toBeNull();
    expect(recognitionFailureOf('aborted')).toBeNull();
    expect(recognitionFailureOf('not-allowed')).toBe('denied');
    expect(recognitionFailureOf('service-not-allowed')).toBe('siriOff');
  });
});
