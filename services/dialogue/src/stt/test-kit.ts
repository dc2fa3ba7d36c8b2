import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WebSocket } from 'ws';
import type { ServiceModule } from '@talkwith/platform';
import { ensureJwt } from '@talkwith/platform/http';
import { credentialCipherFrom } from '@talkwith/platform/secrets';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { STT_PATH, type SttServerFrame } from '@talkwith/proto/dialogue';
import { openRecognitionCharacters } from '../recognition/characters.ts';
import { sttConfigFrom, type SttConfig } from './config.ts';
import { sttRoutes } from './routes.ts';

const run = promisify(execFile);

/**
 * Real speech: 「こんにちは」 spoken by espeak-ng and encoded by ffmpeg as the
 * browser's MediaRecorder sends it (Opus in WebM, 48 kHz). Null when either
 * tool is missing (the caller skips, saying why).
 */
export async function spokenWebm(text = 'こんにちは'): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), 'stt-speech-'));
  try {
    await run('espeak-ng', ['-v', 'ja', '-w', join(dir, 'speech.wav'), text]);
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-i',
      join(dir, 'speech.wav'),
      '-c:a',
      'libopus',
      '-ar',
      '48000',
      '-f',
      'webm',
      join(dir, 'speech.webm'),
    ]);
    return await readFile(join(dir, 'speech.webm'));
  } catch (err) {
    console.warn(`SKIPPED speech-to-text audio tests: espeak-ng or ffmpeg failed (${(err as Error).message})`);
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A recognize call as the fake Google server received it. */
export interface RecordedCall {
  key: string | null;
  config: { encoding?: string; sampleRateHertz?: number; languageCode?: string };
  audio: Buffer;
}

export interface FakeGoogle {
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown } | 'hang';

async function readJson(
  request: IncomingMessage,
): Promise<{ config?: RecordedCall['config']; audio?: { content?: string } }> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as {
    config?: RecordedCall['config'];
    audio?: { content?: string };
  };
}

/** A stand-in for speech.googleapis.com: records each v1 speech:recognize call and answers what `answer` scripts. */
export async function startFakeGoogle(answer: (call: RecordedCall, index: number) => Answer): Promise<FakeGoogle> {
  const calls: RecordedCall[] = [];
  const server = createServer((request, response) => {
    void readJson(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method !== 'POST' || url.pathname !== '/v1/speech:recognize') {
        response.writeHead(404).end();
        return;
      }
      const call = {
        key: url.searchParams.get('key'),
        config: body.config ?? {},
        audio: Buffer.from(body.audio?.content ?? '', 'base64'),
      };
      calls.push(call);
      const scripted = answer(call, calls.length - 1);
      if (scripted === 'hang') return;
      response.writeHead(scripted.status, { 'content-type': 'application/json' }).end(JSON.stringify(scripted.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export const transcript = (text: string): Answer => ({
  status: 200,
  body: {
    results: [{ alternatives: [{ transcript: text, confidence: 0.9 }], languageCode: 'ja-jp' }],
    totalBilledTime: '2s',
  },
});
export const badKey: Answer = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
    },
  },
};

export interface SttService extends ServiceUnderTest {
  url: string;
  /** Publishes a character as dialogue knows it (the recognition snapshot), with the given google_key. */
  publish(googleKey?: string): Promise<string>;
}

/** The stt area alone, as a service listening on a free port (the dialogue service mounts the same routes). */
export async function startSttService(limits: Partial<SttConfig>): Promise<SttService> {
  const module: ServiceModule = {
    name: 'dialogue',
    prefixes: [STT_PATH],
    plugin: async (app, { platform, config }) => {
      await ensureJwt(app, config.JWT_SECRET);
      await app.register(sttRoutes, {
        platform,
        limits: sttConfigFrom(limits),
        credentials: credentialCipherFrom(config),
      });
    },
  };
  const service = await startServiceForTest(module);
  const address = await service.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...service,
    url: `${address.replace(/^http/, 'ws')}${STT_PATH}`,
    publish: async (googleKey) => {
      const id = `stt-${Math.random().toString(36).slice(2, 10)}`;
      const recognition = {
        es_index_name: '',
        spj_url: '',
        spj_api_key: '',
        blocks: [],
        actions: [],
        ...(googleKey === undefined ? {} : { google_key: googleKey }),
      };
      await openRecognitionCharacters(service.platform.store).insertOne({
        _id: id,
        name: 'テスト',
        version: 1,
        recognition,
      });
      return id;
    },
  };
}

/** A test client of the STT socket: frames are awaited in order. */
export interface SttClient {
  socket: WebSocket;
  next(): Promise<SttServerFrame>;
  closed: Promise<number>;
  send(frame: object): void;
}

export async function openStt(url: string): Promise<SttClient> {
  const socket = new WebSocket(url);
  const queue: SttServerFrame[] = [];
  const waiting: ((frame: SttServerFrame) => void)[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as SttServerFrame;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else queue.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await once(socket, 'open');
  return {
    socket,
    closed,
    next: () => {
      const queued = queue.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
    send: (frame) => socket.send(JSON.stringify(frame)),
  };
}

/** Sends audio as MediaRecorder does: consecutive binary chunks. */
export function sendAudio(client: SttClient, audio: Buffer, chunkBytes = 1024): void {
  for (let at = 0; at < audio.length; at += chunkBytes)
    client.socket.send(audio.subarray(at, at + chunkBytes), { binary: true });
}
