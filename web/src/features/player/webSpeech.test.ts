import { describe, expect, it, vi } from 'vitest';
import { speechRecognitionConstructor } from '../../app/webSpeechApi.ts';
import { createWebSpeech } from './webSpeech.ts';

class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  started = 0;
  aborted = 0;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started += 1;
  }
  abort() {
    this.aborted += 1;
  }
}

const result = (transcript: string, isFinal: boolean) => Object.assign([{ transcript }], { isFinal });

function setUp() {
  const events = { interim: vi.fn(), final: vi.fn(), unavailable: vi.fn() };
  const port = createWebSpeech(events, 'ja-JP', FakeRecognition as never);
  const rec = FakeRecognition.last as FakeRecognition;
  return { events, port, rec };
}

describe('web speech', () => {
  it('speechRecognitionConstructor, browser without the API, is null and no port is made', () => {
    expect(speechRecognitionConstructor({})).toBeNull();
    expect(createWebSpeech({ interim: vi.fn(), final: vi.fn(), unavailable: vi.fn() }, 'ja-JP', null)).toBeNull();
  });

  it('createWebSpeech, started, listens in ja-JP with interim results', () => {
    const { port, rec } = setUp();
    port?.start();
    expect(rec).toMatchObject({ lang: 'ja-JP', continuous: true, interimResults: true, started: 1 });
  });

  it('onresult, interim then final results, reports them separately', () => {
    const { port, rec, events } = setUp();
    port?.start();
    rec.onresult?.({ resultIndex: 0, results: [result('ラー', false)] });
    rec.onresult?.({ resultIndex: 0, results: [result('ラーメン', true)] });
    expect(events.interim).toHaveBeenCalledWith('ラー');
    expect(events.final).toHaveBeenCalledWith('ラーメン');
  });

  it('onend, while still wanted, restarts; after stop, does not', () => {
    const { port, rec } = setUp();
    port?.start();
    rec.onend?.();
    expect(rec.started).toBe(2);
    port?.stop();
    rec.onend?.();
    expect(rec.started).toBe(2);
  });

  it('onerror, permission refused, reports it denied (as /check names it) and stops restarting', async () => {
    const { port, rec, events } = setUp();
    port?.start();
    rec.onerror?.({ error: 'not-allowed' });
    rec.onend?.();
    await vi.waitFor(() => expect(events.unavailable).toHaveBeenCalledWith('denied'));
    expect(rec.started).toBe(1);
  });

  it('onerror, iOS speech recognition off, reports siriOff', async () => {
    const { port, rec, events } = setUp();
    port?.start();
    rec.onerror?.({ error: 'service-not-allowed' });
    await vi.waitFor(() => expect(events.unavailable).toHaveBeenCalledWith('siriOff'));
  });

  it('onerror, audio-capture while the microphone itself opens, reports recognition unavailable, not a missing microphone', async () => {
    const stop = vi.fn();
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop }] }) },
    });
    const { port, rec, events } = setUp();
    port?.start();
    rec.onerror?.({ error: 'audio-capture' });
    await vi.waitFor(() => expect(events.unavailable).toHaveBeenCalledWith('unavailable'));
    expect(stop).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('onerror, disposed before the failure was confirmed, reports nothing', async () => {
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('', 'NotFoundError')) },
    });
    const { port, rec, events } = setUp();
    port?.start();
    rec.onerror?.({ error: 'audio-capture' });
    port?.dispose();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.unavailable).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('onend, ending over and over at once, gives up after a few restarts as recognition unavailable', () => {
    const { port, rec, events } = setUp();
    port?.start();
    for (let i = 0; i < 10; i += 1) rec.onend?.();
    expect(events.unavailable).toHaveBeenCalledWith('unavailable');
    expect(rec.started).toBeLessThanOrEqual(6);
  });
});
