import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../ports/files.ts';
import { ANONYMOUS_MEDIA_USER, createMediaSigning } from '../signing/media.ts';
import { serveFiles } from './http.ts';
import { createLocalFiles } from './local.ts';
import { createS3Files } from './s3.ts';
import { startLocalS3, type LocalS3Server } from './s3-test-server.ts';

const SECRET = 'guard-test-secret-0123456789-abcdefghijkl';
const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const PAID = 'characters/paid/videos/clip.mp4';
const PAID_VTT = 'subtitles/paid/ja-JP/clip.vtt';
const FREE = 'characters/free/videos/clip.mp4';
const media = createMediaSigning(SECRET);
const cookieFor = (user: string): string => media.userCookie(user, { path: '/files' }).split(';')[0]!;
const inAnHour = (): Date => new Date(Date.now() + 3_600_000);
/** The path and query of a signed URL (the local adapter's base is absolute here). */
const pathOf = (url: string): string => {
  const u = new URL(url, 'http://x');
  return `${u.pathname}${u.search}`;
};

describe('serveFiles guard (local disk)', () => {
  let app: FastifyInstance;
  let files: FileStore;

  beforeEach(async () => {
    files = await createLocalFiles({
      dir: await mkdtemp(join(tmpdir(), 'tw-guard-')),
      publicBaseUrl: 'http://localhost/files',
      signingSecret: SECRET,
    });
    await files.put(PAID, VIDEO, 'video/mp4');
    await files.put(PAID_VTT, Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nこんにちは'), 'text/vtt; charset=utf-8');
    await files.put(FREE, VIDEO, 'video/mp4');
    app = Fastify();
    serveFiles(app, {
      files,
      prefix: '/files',
      guard: { secret: SECRET, requiresSignature: (key) => key.includes('/paid/') },
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await files.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('guarded clip and subtitle, unsigned, answer 403 in the JSON error shape', async () => {
    for (const key of [PAID, PAID_VTT]) {
      const response = await get(`/files/${key}`, { cookie: cookieFor('user-a') });
      expect(response.statusCode, key).toBe(403);
      expect(response.json(), key).toEqual({
        ok: false,
        message: expect.any(String),
        error: 'Forbidden',
        code: 'SIGNATURE_REQUIRED',
      });
    }
  });

  it('guarded clip, signed for the user whose cookie comes with it, answers 200 and 206 with Range, privately cached', async () => {
    const url = pathOf(await files.signedUrl(PAID, { user: 'user-a', expiresAt: inAnHour() }));
    const whole = await get(url, { cookie: cookieFor('user-a') });
    const part = await get(url, { cookie: cookieFor('user-a'), range: 'bytes=10-19' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);
    expect(whole.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(whole.headers.etag).toBeTruthy();
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(
      (await get(url, { cookie: cookieFor('user-a'), 'if-none-match': String(whole.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('guarded clip, signed URL past its expiry, answers 403 expired', async () => {
    const url = pathOf(await files.signedUrl(PAID, { user: 'user-a', expiresAt: new Date(Date.now() - 1000) }));
    const response = await get(url, { cookie: cookieFor('user-a') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'SIGNATURE_EXPIRED' });
  });

  it("guarded clip, signed for user A, fetched with B's cookie or none, answers 403", async () => {
    const url = pathOf(await files.signedUrl(PAID, { user: 'user-a', expiresAt: inAnHour() }));
    const other = await get(url, { cookie: cookieFor('user-b') });
    const none = await get(url);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'SIGNATURE_OTHER_USER' });
    expect(none.statusCode).toBe(403);
  });

  it('guarded clip, signature of another file or a tampered expiry, answers 403 invalid', async () => {
    const signed = new URL(await files.signedUrl(PAID_VTT, { user: 'user-a', expiresAt: inAnHour() }));
    const stretched = new URL(signed);
    stretched.searchParams.set('exp', String(Number(signed.searchParams.get('exp')) + 86_400));
    const elsewhere = await get(`/files/${PAID}${signed.search}`, { cookie: cookieFor('user-a') });
    const longer = await get(pathOf(stretched.toString()), { cookie: cookieFor('user-a') });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    expect(longer.statusCode).toBe(403);
  });

  it('guarded clip, signed for a visitor, answers 200 without a cookie', async () => {
    const url = pathOf(await files.signedUrl(PAID, { user: ANONYMOUS_MEDIA_USER, expiresAt: inAnHour() }));
    expect((await get(url)).statusCode).toBe(200);
  });

  it('key the guard does not require, unsigned, answers 200 publicly cached', async () => {
    const response = await get(`/files/${FREE}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('signedUrl, local store without a signing secret, refuses', async () => {
    const bare = await createLocalFiles({ dir: await mkdtemp(join(tmpdir(), 'tw-guard-')), publicBaseUrl: '/files' });
    await expect(bare.signedUrl(PAID, { user: 'user-a', expiresAt: inAnHour() })).rejects.toMatchObject({
      code: 'INTERNAL',
    });
  });
});

describe('S3 signedUrl (s3rver)', () => {
  let s3: LocalS3Server;
  let files: FileStore;
  beforeAll(async () => {
    s3 = await startLocalS3();
    files = await createS3Files(s3.options);
    await files.put(PAID, VIDEO, 'video/mp4');
  });
  afterAll(async () => {
    await files.close();
    await s3.stop();
  });

  it('signedUrl, a stored clip, is a pre-signed GET that the store answers with the bytes and a range', async () => {
    const url = await files.signedUrl(PAID, { user: 'user-a', expiresAt: inAnHour() });
    const whole = await fetch(url);
    const part = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(url).toContain('X-Amz-Signature=');
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(VIDEO)).toBe(true);
    expect(part.status).toBe(206);
  });

  // s3rver does not check a query signature's value (S3 does), so a tampered signature is not tested here.
  it('signedUrl, expired, is refused by the store', async () => {
    const url = await files.signedUrl(PAID, { user: 'user-a', expiresAt: new Date(Date.now() + 1000) });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(url)).status).toBe(403);
  });
});
