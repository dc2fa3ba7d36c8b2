import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { googleSpeechToText, outcomeOf } from './google.ts';
import { badKey, spokenWebm, startFakeGoogle, transcript, type FakeGoogle } from './test-kit.ts';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
let speech: Buffer | null = null;
let fake: FakeGoogle | null = null;

beforeAll(async () => {
  speech = await spokenWebm();
});
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe('googleSpeechToText against a fake Speech-to-Text server', () => {
  it('googleSpeechToText, espeak-ng speech as Opus/WebM, sends the audio with its encoding, rate, language and key and returns the transcript', async (ctx) => {
    if (!speech) return ctx.skip();
    fake = await startFakeGoogle(() => transcript('こんにちは'));
    const key = `key-${Math.random().toString(36).slice(2)}`;
    const stt = googleSpeechToText({ baseUrl: fake.url, apiKey: key, timeoutMs: 5000 });

    const outcome = await stt.recognize({
      audio: speech,
      encoding: 'WEBM_OPUS',
      sampleRateHertz: 48000,
      language: 'ja-JP',
    });

    expect(outcome).toEqual({ kind: 'text', text: 'こんにちは' });
    const [call] = fake.calls;
    expect(call?.key).toBe(key);
    expect(call?.config).toMatchObject({ encoding: 'WEBM_OPUS', sampleRateHertz: 48000, languageCode: 'ja-JP' });
    expect(call?.audio.length).toBe(speech.length);
    expect(call?.audio.subarray(0, 4).equals(EBML_MAGIC)).toBe(true);
  });

  it('googleSpeechToText, a key Google refuses (400 API_KEY_INVALID), is key-invalid', async () => {
    fake = await startFakeGoogle(() => badKey);
    const stt = googleSpeechToText({ baseUrl: fake.url, apiKey: 'wrong', timeoutMs: 5000 });

    const outcome = await stt.recognize({
      audio: Buffer.from('x'),
      encoding: 'WEBM_OPUS',
      sampleRateHertz: 48000,
      language: 'ja-JP',
    });

    expect(outcome).toEqual({ kind: 'key-invalid' });
  });

  it('googleSpeechToText, a server error, is a passing failure', async () => {
    fake = await startFakeGoogle(() => ({ status: 503, body: { error: { status: 'UNAVAILABLE' } } }));
    const stt = googleSpeechToText({ baseUrl: fake.url, apiKey: 'k', timeoutMs: 5000 });

    expect(
      await stt.recognize({ audio: Buffer.from('x'), encoding: 'OGG_OPUS', sampleRateHertz: 48000, language: 'en-US' }),
    ).toEqual({ kind: 'failed', reason: 'status 503' });
  });

  it('googleSpeechToText, a server that never answers, fails at the time-out', async () => {
    fake = await startFakeGoogle(() => 'hang');
    const stt = googleSpeechToText({ baseUrl: fake.url, apiKey: 'k', timeoutMs: 150 });

    expect(
      await stt.recognize({
        audio: Buffer.from('x'),
        encoding: 'WEBM_OPUS',
        sampleRateHertz: 48000,
        language: 'ja-JP',
      }),
    ).toEqual({ kind: 'failed', reason: 'timeout' });
  });

  it('googleSpeechToText, nothing listening, is a network failure that does not reveal the key', async () => {
    const stt = googleSpeechToText({ baseUrl: 'http://127.0.0.1:9', apiKey: 'secret-key', timeoutMs: 2000 });

    const outcome = await stt.recognize({
      audio: Buffer.from('x'),
      encoding: 'WEBM_OPUS',
      sampleRateHertz: 48000,
      language: 'ja-JP',
    });

    expect(outcome).toEqual({ kind: 'failed', reason: 'network' });
    expect(JSON.stringify(outcome)).not.toContain('secret-key');
  });
});

describe('outcomeOf', () => {
  it('outcomeOf, no speech ({} from Google), is an empty transcript', () => {
    expect(outcomeOf(200, {})).toEqual({ kind: 'text', text: '' });
  });
  it('outcomeOf, several results, joins them in order', () => {
    expect(
      outcomeOf(200, {
        results: [{ alternatives: [{ transcript: 'こんにちは' }] }, { alternatives: [{ transcript: '元気' }] }],
      }),
    ).toEqual({ kind: 'text', text: 'こんにちは元気' });
  });
  it('outcomeOf, 403 (the key may not call this API), is key-invalid', () => {
    expect(outcomeOf(403, { error: { status: 'PERMISSION_DENIED' } })).toEqual({ kind: 'key-invalid' });
  });
  it('outcomeOf, 400 for a bad audio config, is a failure, not a key problem', () => {
    expect(outcomeOf(400, { error: { status: 'INVALID_ARGUMENT', message: 'sample rate mismatch' } })).toEqual({
      kind: 'failed',
      reason: 'status 400',
    });
  });
});
