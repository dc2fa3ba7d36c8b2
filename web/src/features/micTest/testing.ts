import type { CharacterSummary, PlayableCharacter } from '@talkwith/proto/catalog';
import { makeCharacter, makeSetting, publicCharacterOf } from '@talkwith/proto/dialogue';
import { vi } from 'vitest';
import { fakeServer } from '../../test/harness.tsx';

/** Browser and server fakes for the mic test page; each test installs its own. */

const suffix = () => Math.random().toString(36).slice(2, 8);

/** navigator.mediaDevices.getUserMedia answering a stream of one track, or refusing with a DOMException name. */
export function fakeMicrophone(refusal?: string) {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => {
    if (refusal) throw new DOMException('refused', refusal);
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { track, getUserMedia };
}

/** An AudioContext whose analyser reads a constant signal of `amplitude`; frames run only when the test calls `frame()`. */
export function fakeAudio(amplitude: number) {
  const frames: FrameRequestCallback[] = [];
  const close = vi.fn(async () => undefined);
  class FakeAudioContext {
    createAnalyser() {
      return { fftSize: 0, getFloatTimeDomainData: (into: Float32Array) => into.fill(amplitude) };
    }
    createMediaStreamSource() {
      return { connect: vi.fn() };
    }
    close = close;
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', vi.fn());
  // Runs the callbacks waiting for the next frame (others than the meter may be waiting too).
  return {
    close,
    frame: () => {
      for (const callback of frames.splice(0)) callback(0);
    },
  };
}

/** webkitSpeechRecognition that, once started, reports `heard` (interim then final) or fails with `error`. */
export function fakeRecognition(script: { heard?: string; error?: string }) {
  const started: { lang: string }[] = [];
  class FakeRecognition {
    lang = '';
    continuous = true;
    interimResults = false;
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      started.push({ lang: this.lang });
      setTimeout(() => {
        if (script.heard)
          this.onresult?.({
            resultIndex: 0,
            results: [Object.assign([{ transcript: script.heard }], { isFinal: true })],
          });
        if (script.error) this.onerror?.({ error: script.error });
        this.onend?.();
      }, 0);
    }
    abort() {
      this.onend?.();
    }
  }
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
  return { started };
}

export function aListedCharacter(fields: Partial<CharacterSummary> = {}): CharacterSummary {
  const id = `c-${suffix()}`;
  return {
    id,
    name: 'ユイ',
    description: '',
    slug: `yui-${suffix()}`,
    avatar_url: null,
    playable: true,
    published_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function servedAs(listed: CharacterSummary, forMicTest: string | null): PlayableCharacter {
  const character = makeCharacter({
    id: listed.id,
    name: listed.name,
    slug: listed.slug ?? 'x',
    setting: makeSetting({ character_id: listed.id, for_mic_test: forMicTest }),
  });
  return {
    ok: true,
    character: {
      ...listed,
      dialogue: publicCharacterOf(character),
      media: { videos: {}, posters: {}, subtitles: {} },
      locked: [],
      access: 'free',
    },
  };
}

type Answer = [number, unknown];

export function micTestServer(routes: Record<string, Answer>) {
  return fakeServer(
    (call) =>
      routes[`${call.method} ${call.url.replace(/^\/api\//, '')}`] ?? [
        404,
        { ok: false, code: 'NOT_FOUND', message: '見つかりません' },
      ],
  );
}
