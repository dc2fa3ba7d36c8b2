import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@talkwith/dialogue-engine';
import {
  badKey,
  openStt,
  sendAudio,
  spokenWebm,
  startFakeGoogle,
  startSttService,
  transcript,
  type FakeGoogle,
  type SttService,
} from './test-kit.ts';

const userId = (): string => `u-${Math.random().toString(36).slice(2, 10)}`;
const startFrame = (token: string, characterId: string, extra: object = {}) => ({
  type: 'start',
  token,
  character_id: characterId,
  encoding: 'WEBM_OPUS',
  sample_rate_hertz: 48000,
  ...extra,
});

let speech: Buffer | null = null;
let fake: FakeGoogle | null = null;
let service: SttService | null = null;
beforeAll(async () => {
  speech = await spokenWebm();
});
afterEach(async () => {
  await service?.close();
  await fake?.close();
  service = null;
  fake = null;
});

/** A long pause between interims so only the test's stop ends the stream. */
const QUIET = { STT_INTERIM_MS: 0, STT_STABLE_MS: 30_000 };

describe('GET /api/dialogue/stt (WebSocket)', () => {
  it('stt stream, espeak-ng speech, gives interim then final results in the subtitle language', async (ctx) => {
    if (!speech) return ctx.skip();
    fake = await startFakeGoogle((_call, index) => transcript(index === 0 ? 'こん' : 'こんにちは'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, STT_INTERIM_MS: 50, STT_STABLE_MS: 30_000 });
    const characterId = await service.publish('google-key-1');
    const client = await openStt(service.url);

    client.send(startFrame(service.tokenFor(userId()), characterId, { language: 'en-US' }));
    expect(await client.next()).toMatchObject({ type: 'ready' });
    sendAudio(client, speech);
    expect(await client.next()).toEqual({ type: 'interim', text: 'こん' });
    client.send({ type: 'stop' });
    let frame = await client.next();
    while (frame.type === 'interim') frame = await client.next();

    expect(frame).toEqual({ type: 'final', text: 'こんにちは', reason: 'stopped' });
    const last = fake.calls.at(-1);
    expect(last?.config).toMatchObject({ encoding: 'WEBM_OPUS', sampleRateHertz: 48000, languageCode: 'en-US' });
    expect(last?.audio.equals(speech)).toBe(true);
    expect(last?.key).toBe('google-key-1');
  });

  it('stt stream, no language sent, recognises Japanese', async () => {
    fake = await startFakeGoogle(() => transcript('はい'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, ...QUIET });
    const characterId = await service.publish('k');
    const client = await openStt(service.url);

    client.send(startFrame(service.tokenFor(userId()), characterId));
    await client.next();
    sendAudio(client, Buffer.alloc(2000, 1));
    client.send({ type: 'stop' });

    expect(await client.next()).toEqual({ type: 'final', text: 'はい', reason: 'stopped' });
    expect(fake.calls[0]?.config.languageCode).toBe('ja-JP');
  });

  it('stt stream, a transcript that stops changing, ends with a stable final without a stop', async () => {
    fake = await startFakeGoogle(() => transcript('こんにちは'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, STT_INTERIM_MS: 30, STT_STABLE_MS: 200 });
    const characterId = await service.publish('k');
    const client = await openStt(service.url);
    client.send(startFrame(service.tokenFor(userId()), characterId));
    await client.next();

    sendAudio(client, Buffer.alloc(4000, 1));

    expect(await client.next()).toEqual({ type: 'interim', text: 'こんにちは' });
    expect(await client.next()).toEqual({ type: 'final', text: 'こんにちは', reason: 'stable' });
  });

  it('stt stream, a key Google refuses, answers unavailable with the §8 message', async () => {
    fake = await startFakeGoogle(() => badKey);
    service = await startSttService({ GOOGLE_STT_URL: fake.url, ...QUIET });
    const characterId = await service.publish('revoked-key');
    const client = await openStt(service.url);
    client.send(startFrame(service.tokenFor(userId()), characterId));
    await client.next();

    sendAudio(client, Buffer.alloc(500, 1));
    client.send({ type: 'stop' });

    expect(await client.next()).toEqual({
      type: 'unavailable',
      code: 'INVALID_GOOGLE_KEY',
      message: Messages.INVALID_GOOGLE_KEY,
    });
  });

  it('stt stream, a character without a google_key (standalone), is unavailable at once with the §8 message', async () => {
    service = await startSttService(QUIET);
    const characterId = await service.publish('  ');
    const client = await openStt(service.url);

    client.send(startFrame(service.tokenFor(userId()), characterId));

    expect(await client.next()).toEqual({
      type: 'unavailable',
      code: 'INVALID_GOOGLE_KEY',
      message: Messages.INVALID_GOOGLE_KEY,
    });
  });

  it('stt stream, a character not published, is unavailable', async () => {
    service = await startSttService(QUIET);
    const client = await openStt(service.url);

    client.send(startFrame(service.tokenFor(userId()), 'never-published'));

    expect(await client.next()).toMatchObject({ type: 'unavailable', code: 'CHARACTER_NOT_FOUND' });
  });

  it('stt stream, more audio than the byte limit, ends with a final of the audio within it', async () => {
    fake = await startFakeGoogle(() => transcript('長い'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, ...QUIET, STT_MAX_STREAM_BYTES: 1024 });
    const characterId = await service.publish('k');
    const client = await openStt(service.url);
    client.send(startFrame(service.tokenFor(userId()), characterId));
    expect(await client.next()).toMatchObject({ type: 'ready', max_bytes: 1024 });

    sendAudio(client, Buffer.alloc(3000, 1), 512);

    expect(await client.next()).toEqual({ type: 'final', text: '長い', reason: 'limit' });
    expect(fake.calls[0]?.audio.length).toBe(1024);
  });

  it('stt stream, longer than the time limit, ends with a final', async () => {
    fake = await startFakeGoogle(() => transcript('時間'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, ...QUIET, STT_MAX_STREAM_MS: 1000 });
    const characterId = await service.publish('k');
    const client = await openStt(service.url);
    client.send(startFrame(service.tokenFor(userId()), characterId));
    await client.next();

    sendAudio(client, Buffer.alloc(100, 1));

    expect(await client.next()).toEqual({ type: 'final', text: '時間', reason: 'limit' });
  });

  it('stt stream, a second start while one runs, is refused and the first goes on', async () => {
    fake = await startFakeGoogle(() => transcript('一つ'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, ...QUIET });
    const characterId = await service.publish('k');
    const client = await openStt(service.url);
    const token = service.tokenFor(userId());
    client.send(startFrame(token, characterId));
    await client.next();

    client.send(startFrame(token, characterId));
    expect(await client.next()).toMatchObject({ type: 'error', code: 'STREAM_ACTIVE' });
    sendAudio(client, Buffer.alloc(100, 1));
    client.send({ type: 'stop' });

    expect(await client.next()).toEqual({ type: 'final', text: '一つ', reason: 'stopped' });
  });

  it('stt stream, a forged or missing token, is refused and no recognition runs', async () => {
    fake = await startFakeGoogle(() => transcript('x'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, ...QUIET });
    const characterId = await service.publish('k');
    const client = await openStt(service.url);

    client.send(startFrame('not.a.token', characterId));

    expect(await client.next()).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
    expect(fake.calls).toHaveLength(0);
  });

  it('stt stream, audio before any start, is refused and the socket closed', async () => {
    service = await startSttService(QUIET);
    const client = await openStt(service.url);

    sendAudio(client, Buffer.alloc(100, 1));

    expect(await client.next()).toMatchObject({ type: 'error', code: 'NO_STREAM' });
    expect(await client.closed).toBe(1008);
  });

  it('stt stream, a malformed frame (an extra user_id), is refused and the socket closed', async () => {
    service = await startSttService(QUIET);
    const client = await openStt(service.url);

    client.send({ ...startFrame(service.tokenFor(userId()), 'c1'), user_id: 'someone-else' });

    expect(await client.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
    expect(await client.closed).toBe(1008);
  });

  it('stt stream, more starts a minute than allowed, are refused', async () => {
    fake = await startFakeGoogle(() => transcript('x'));
    service = await startSttService({ GOOGLE_STT_URL: fake.url, ...QUIET, STT_STREAMS_PER_MINUTE: 1 });
    const characterId = await service.publish('k');
    const client = await openStt(service.url);
    const token = service.tokenFor(userId());
    client.send(startFrame(token, characterId));
    await client.next();
    client.send({ type: 'stop' });
    expect(await client.next()).toMatchObject({ type: 'final', text: '' });

    client.send(startFrame(token, characterId));

    expect(await client.next()).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
  });

  it('stt socket, idle without a stream, is closed', async () => {
    service = await startSttService({ ...QUIET, STT_IDLE_MS: 1000 });
    const client = await openStt(service.url);

    expect(await client.closed).toBe(1000);
  });
});
