import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../ports/files.ts';
import { createLocalFiles } from './local.ts';
import { createS3Files } from './s3.ts';
import { serveFiles } from './http.ts';
import { startLocalS3, type LocalS3Server } from './s3-test-server.ts';

const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const VIDEO_KEY = 'char-1/ja-JP/挨拶.mp4';
const VIDEO_URL = '/files/char-1/ja-JP/%E6%8C%A8%E6%8B%B6.mp4';
const ENTITY_TAG = /^(W\/)?"[^"]+"$/;

/** The same HTTP behaviour whichever store holds the bytes: local disk goes through @fastify/send, S3 through the port. */
function runServeFilesSuite(storeName: string, openStore: () => Promise<FileStore>): void {
  describe(`serveFiles (${storeName})`, () => {
    let app: FastifyInstance;
    let files: FileStore;

    beforeEach(async () => {
      files = await openStore();
      await files.put(VIDEO_KEY, VIDEO, 'video/mp4');
      app = Fastify();
      serveFiles(app, { files, prefix: '/files' });
      await app.ready();
    });

    afterEach(async () => {
      await app.close();
      await files.close();
    });

    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      app.inject({ method, url: VIDEO_URL, headers });
    const servedEtag = async (): Promise<string> => String((await get()).headers.etag);

    it('GET, no Range, answers the whole file with type, length, etag, cache-control and accept-ranges', async () => {
      const response = await get();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('video/mp4');
      expect(response.headers['content-length']).toBe('1000');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(response.headers.etag).toMatch(ENTITY_TAG);
      expect(response.rawPayload.equals(VIDEO)).toBe(true);
    });

    it('GET, file replaced by another version, answers a different etag', async () => {
      const before = await servedEtag();
      await files.put(VIDEO_KEY, Buffer.concat([VIDEO, VIDEO]), 'video/mp4');

      const after = await get({ 'if-none-match': before });

      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before);
      expect(after.headers['content-length']).toBe('2000');
    });

    it('GET, Range bytes=a-b, answers 206 with those bytes', async () => {
      const response = await get({ range: 'bytes=10-19' });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe('bytes 10-19/1000');
      expect(response.headers['content-length']).toBe('10');
      expect(response.rawPayload.equals(VIDEO.subarray(10, 20))).toBe(true);
    });

    it('GET, Range bytes=0- as Chrome sends for video, answers 206 with the whole file', async () => {
      const response = await get({ range: 'bytes=0-' });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe('bytes 0-999/1000');
      expect(response.rawPayload.equals(VIDEO)).toBe(true);
    });

    it('GET, Range bytes=a- and an end past the file, answers up to the last byte', async () => {
      const open = await get({ range: 'bytes=990-' });
      const clamped = await get({ range: 'bytes=995-5000' });
      expect(open.headers['content-range']).toBe('bytes 990-999/1000');
      expect(open.rawPayload.equals(VIDEO.subarray(990))).toBe(true);
      expect(clamped.headers['content-range']).toBe('bytes 995-999/1000');
    });

    it('GET, suffix Range bytes=-n, answers the last n bytes', async () => {
      const response = await get({ range: 'bytes=-100' });
      const longer = await get({ range: 'bytes=-5000' });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe('bytes 900-999/1000');
      expect(response.rawPayload.equals(VIDEO.subarray(900))).toBe(true);
      expect(longer.headers['content-range']).toBe('bytes 0-999/1000');
    });

    it('GET, Range past the end, ending before its start or not numbers, answers 416 with bytes */size in the JSON error shape', async () => {
      for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0', 'bytes=5-2', 'bytes=x-y']) {
        const response = await get({ range });
        expect(response.statusCode, range).toBe(416);
        expect(response.headers['content-range'], range).toBe('bytes */1000');
        expect(response.headers['content-type'], range).toMatch(/application\/json/);
        expect(response.json(), range).toEqual({
          ok: false,
          message: expect.any(String),
          error: 'Range Not Satisfiable',
          code: 'RANGE_NOT_SATISFIABLE',
        });
      }
    });

    it('GET, other unit or multi-part Range, answers the whole file', async () => {
      for (const range of ['items=0-1', 'bytes=0-1,5-6']) {
        const response = await get({ range });
        expect(response.statusCode, range).toBe(200);
        expect(response.rawPayload.length, range).toBe(1000);
      }
    });

    it('GET, If-None-Match with the current etag (strong or weak form), answers 304 without a body', async () => {
      const etag = await servedEtag();
      const strong = await get({ 'if-none-match': `"other", ${etag}` });
      const weak = await get({ 'if-none-match': `W/${etag.replace(/^W\//, '')}` });
      expect(strong.statusCode).toBe(304);
      expect(strong.rawPayload.length).toBe(0);
      expect(weak.statusCode).toBe(304);
      expect((await get({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
    });

    it('GET, If-Range with a stale etag, ignores the Range', async () => {
      const etag = await servedEtag();
      const stale = await get({ range: 'bytes=0-9', 'if-range': '"stale"' });
      const fresh = await get({ range: 'bytes=0-9', 'if-range': etag });
      expect(stale.statusCode).toBe(200);
      expect(fresh.statusCode).toBe(206);
    });

    it('HEAD, existing file, answers the headers without a body', async () => {
      const whole = await get({}, 'HEAD');
      const partial = await get({ range: 'bytes=0-99' }, 'HEAD');
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-length']).toBe('1000');
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload.length).toBe(0);
      expect(partial.statusCode).toBe(206);
      expect(partial.headers['content-length']).toBe('100');
    });

    it('GET, missing file, answers 404 in the JSON error shape', async () => {
      const response = await app.inject({ method: 'GET', url: '/files/char-1/none.mp4' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        ok: false,
        message: expect.any(String),
        error: 'Not Found',
        code: 'NOT_FOUND',
      });
    });

    it('GET, invalid key (backslash, NUL, empty segment, dot segment), answers 400 validation failure', async () => {
      for (const url of ['/files/a%5C..%5Cb', '/files/a%00b', '/files/a//b', '/files/a/..%2Fb']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      }
    });

    it('GET, key with a 256-character segment or over 1024 bytes, answers 400 and never 500', async () => {
      // 5 × 80 あ: under 1024 characters but 1204 UTF-8 bytes, past S3's key limit.
      const japaneseKey = Array.from({ length: 5 }, () => encodeURIComponent('あ'.repeat(80))).join('/');
      for (const url of [`/files/${'a'.repeat(256)}`, `/files/${'a'.repeat(256)}/x.mp4`, `/files/${japaneseKey}`]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url.slice(0, 40)).toBe(400);
        expect(response.json(), url.slice(0, 40)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      }
    });

    it('GET over a real socket, large video with Range, streams exactly the requested bytes', async () => {
      const big = Buffer.alloc(3 * 1024 * 1024 + 17, 0);
      for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
      await files.put('big/movie.webm', big, 'video/webm');
      const address = await app.listen({ port: 0, host: '127.0.0.1' });

      const whole = await fetch(`${address}/files/big/movie.webm`, { headers: { range: 'bytes=0-' } });
      const middle = await fetch(`${address}/files/big/movie.webm`, { headers: { range: 'bytes=1048576-2097151' } });

      expect(whole.status).toBe(206);
      expect(whole.headers.get('content-type')).toBe('video/webm');
      expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);
      expect(middle.status).toBe(206);
      expect(Buffer.from(await middle.arrayBuffer()).equals(big.subarray(1048576, 2097152))).toBe(true);
    });
  });
}

runServeFilesSuite('local disk, via @fastify/send', async () =>
  createLocalFiles({ dir: await mkdtemp(join(tmpdir(), 'tw-serve-')), publicBaseUrl: 'http://localhost/files' }),
);

let s3: LocalS3Server;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.stop();
});
runServeFilesSuite('s3 on s3rver, through the port', () => createS3Files(s3.options));
