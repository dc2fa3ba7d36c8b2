import { describe, expect, it, vi } from 'vitest';
import { createServerSpeech, sttLanguageOf, type RecorderLike, type SttSocketLike } from './serverSpeech.ts';

class FakeSocket implements SttSocketLike {
  readyState = 0;
  sent: (string | Blob)[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string | Blob) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  frames() {
    return this.sent
      .filter((d): d is string => typeof d === 'string')
      .map((d) => JSON.parse(d) as { type: string; [k: string]: unknown });
  }
  audio() {
    return this.sent.filter((d) => typeof d !== 'string');
  }
}

class FakeRecorder implements RecorderLike {
  static made: FakeRecorder[] = [];
  static supported = ['audio/webm;codecs=opus'];
  static isTypeSupported(mimeType: string) {
    return FakeRecorder.supported.includes(mimeType);
  }
  state = 'inactive';
  timeslice = 0;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  readonly options: { mimeType: string };
  constructor(_stream: MediaStream, options: { mimeType: string }) {
    this.options = options;
    FakeRecorder.made.push(this);
  }
  start(timeslice: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  stop() {
    this.state = 'inactive';
    this.chunk('last');
    this.onstop?.();
  }
  chunk(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
}

const track = { stop: vi.fn() };
const microphone = { getTracks: () => [track] } as unknown as MediaStream;

async function setUp(
  overrides: { token?: string | null; language?: string; getUserMedia?: () => Promise<MediaStream> } = {},
) {
  FakeRecorder.made = [];
  const events = { interim: vi.fn(), final: vi.fn(), unavailable: vi.fn() };
  let socket: FakeSocket | null = null;
  const port = createServerSpeech(events, {
    characterId: 'mirai',
    language: overrides.language ?? 'ja-JP',
    url: 'ws://test/api/dialogue/stt',
    getToken: () => (overrides.token === undefined ? 'token-1' : overrides.token),
    makeSocket: (url) => (socket = new FakeSocket(url)),
    getUserMedia: overrides.getUserMedia ?? (() => Promise.resolve(microphone)),
    Recorder: FakeRecorder,
  });
  if (!port) throw new Error('no port');
  port.start();
  await Promise.resolve();
  const s = socket as unknown as FakeSocket;
  s.open();
  return { events, port, socket: s, recorder: () => FakeRecorder.made.at(-1) as FakeRecorder };
}

describe('server speech', () => {
  it('createServerSpeech, a browser that records no Opus, is null (the text input remains)', () => {
    const events = { interim: vi.fn(), final: vi.fn(), unavailable: vi.fn() };
    FakeRecorder.supported = [];
    try {
      expect(
        createServerSpeech(events, {
          characterId: 'c',
          getToken: () => 't',
          Recorder: FakeRecorder,
          getUserMedia: () => Promise.resolve(microphone),
        }),
      ).toBeNull();
      expect(
        createServerSpeech(events, {
          characterId: 'c',
          getToken: () => 't',
          Recorder: null,
          getUserMedia: () => Promise.resolve(microphone),
        }),
      ).toBeNull();
    } finally {
      FakeRecorder.supported = ['audio/webm;codecs=opus'];
    }
  });

  it('start, socket and microphone ready, sends a start frame with the token, character, language and Opus format', async () => {
    const { socket } = await setUp({ language: 'en-US' });

    expect(socket.frames()).toEqual([
      {
        type: 'start',
        token: 'token-1',
        character_id: 'mirai',
        language: 'en-US',
        encoding: 'WEBM_OPUS',
        sample_rate_hertz: 48000,
      },
    ]);
  });

  it('start, a subtitle language the server does not offer, recognises Japanese', () => {
    expect(sttLanguageOf('ko-KR')).toBe('ja-JP');
    expect(sttLanguageOf(undefined)).toBe('ja-JP');
  });

  it('ready, then recorded chunks, streams the audio as binary frames', async () => {
    const { socket, recorder } = await setUp();

    socket.receive({ type: 'ready', max_ms: 15000, max_bytes: 1048576 });
    recorder().chunk('a');
    recorder().chunk('b');

    expect(recorder().options.mimeType).toBe('audio/webm;codecs=opus');
    expect(recorder().timeslice).toBe(250);
    expect(socket.audio()).toHaveLength(2);
  });

  it('interim then final results, reach the events, and a new stream starts for the next utterance', async () => {
    const { socket, events, recorder } = await setUp();
    socket.receive({ type: 'ready', max_ms: 1, max_bytes: 1 });
    const first = recorder();

    socket.receive({ type: 'interim', text: 'こん' });
    socket.receive({ type: 'final', text: 'こんにちは', reason: 'stable' });

    expect(events.interim).toHaveBeenCalledWith('こん');
    expect(events.final).toHaveBeenCalledWith('こんにちは');
    expect(first.state).toBe('inactive');
    expect(socket.frames().filter((f) => f.type === 'start')).toHaveLength(2);
  });

  it('unavailable (invalid google_key), tells the player and stops recording', async () => {
    const { socket, events, recorder } = await setUp();
    socket.receive({ type: 'ready', max_ms: 1, max_bytes: 1 });

    socket.receive({
      type: 'unavailable',
      code: 'INVALID_GOOGLE_KEY',
      message: 'google_keyが無効または設定されていないため、音声を認識できません。',
    });

    expect(events.unavailable).toHaveBeenCalledWith('INVALID_GOOGLE_KEY');
    expect(recorder().state).toBe('inactive');
  });

  it('stop, while recording, sends the last chunk then stop, and the late final is not delivered', async () => {
    const { socket, events, port, recorder } = await setUp();
    socket.receive({ type: 'ready', max_ms: 1, max_bytes: 1 });

    port.stop();
    socket.receive({ type: 'final', text: '遅い', reason: 'stopped' });

    expect(socket.audio()).toHaveLength(1);
    expect(socket.sent.at(-1)).toBe(JSON.stringify({ type: 'stop' }));
    expect(recorder().state).toBe('inactive');
    expect(events.final).not.toHaveBeenCalled();
  });

  it("start again right after stop, waits for the old stream's final before a new start", async () => {
    const { socket, port } = await setUp();
    socket.receive({ type: 'ready', max_ms: 1, max_bytes: 1 });
    port.stop();

    port.start();
    const startsBefore = socket.frames().filter((f) => f.type === 'start').length;
    socket.receive({ type: 'final', text: '', reason: 'stopped' });

    expect(startsBefore).toBe(1);
    expect(socket.frames().filter((f) => f.type === 'start')).toHaveLength(2);
  });

  it('start, signed out, is unavailable', async () => {
    const { events } = await setUp({ token: null });

    expect(events.unavailable).toHaveBeenCalledWith('signed-out');
  });

  it('start, microphone refused, is unavailable as denied (named as /check names it)', async () => {
    const { events } = await setUp({
      getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    });
    await Promise.resolve();

    expect(events.unavailable).toHaveBeenCalledWith('denied');
  });

  it('start, no microphone at all, is unavailable as missing', async () => {
    const { events } = await setUp({
      getUserMedia: () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    });
    await Promise.resolve();

    expect(events.unavailable).toHaveBeenCalledWith('missing');
  });

  it('failed streams over and over, give up instead of looping', async () => {
    const { socket, events } = await setUp();

    for (let i = 0; i < 7; i += 1) socket.receive({ type: 'failed', message: '音声を認識できませんでした。' });

    expect(events.unavailable).toHaveBeenCalledWith('restart-loop');
  });

  it('dispose, closes the socket and releases the microphone', async () => {
    const { socket, port } = await setUp();

    port.dispose();

    expect(socket.closed).toBe(true);
    expect(track.stop).toHaveBeenCalled();
  });
});
