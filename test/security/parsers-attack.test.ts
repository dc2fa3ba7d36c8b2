import { PassThrough } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  bearer,
  errorShapeProblems,
  startSecurityGateway,
  TEST_ADMIN_PREFIX,
  type Account,
  type TestGateway,
} from './harness.ts';

/**
 * The parsers fed user data, attacked on the standalone gateway: a WebVTT
 * file nested 100,000 deep, a small PNG of 16,000×16,000 pixels as an
 * avatar, and one operator opening more uploads at once than allowed.
 * Each is refused with a 4xx in the DESIGN.md error shape, never a 500.
 */
let gw: TestGateway;
let operator: Account;
beforeAll(async () => {
  gw = await startSecurityGateway();
  operator = await admin(gw);
}, 60_000);
afterAll(async () => {
  await gw?.close();
});

const adminUrl = (path: string) => `/api/${TEST_ADMIN_PREFIX}${path}`;

async function newCharacter(): Promise<string> {
  const res = await gw.app.inject({
    method: 'POST',
    url: adminUrl('/characters'),
    headers: bearer(operator),
    payload: { name: '攻撃テスト' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().character.id as string;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit grey PNG of width × height white pixels: 16,000² compresses to some 30 KB. */
function bigPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grey, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipartHead(boundary: string, filename: string, contentType: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
}

function avatarUpload(characterId: string, png: Buffer) {
  const boundary = 'parsersattack';
  const payload = Buffer.concat([
    multipartHead(boundary, 'a.png', 'image/png'),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return gw.app.inject({
    method: 'POST',
    url: adminUrl(`/characters/${characterId}/avatar_upload`),
    headers: { ...bearer(operator), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('parsers attack: WebVTT nesting', () => {
  it('subtitle PUT, 100,000 nested <b> tags, answers 400 VTT_TOO_DEEP in the error shape and stores nothing', async () => {
    const id = await newCharacter();
    const text = `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'<b>'.repeat(100_000)}x\n`;
    const res = await gw.app.inject({
      method: 'PUT',
      url: adminUrl(`/characters/${id}/subtitles/ja-JP/greet`),
      headers: { ...bearer(operator), 'content-type': 'text/vtt' },
      payload: text,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VTT_TOO_DEEP', line: 4 });
    expect(res.json().message).toMatch(/入れ子が深すぎます/);
    expect(errorShapeProblems(res.statusCode, res.json())).toEqual([]);
    expect(await gw.platform.files.stat(`subtitles/${id}/ja-JP/greet.vtt`)).toBeNull();
  });
});

describe('parsers attack: image pixels', () => {
  it('avatar_upload, a small PNG of 16,000×16,000 pixels, answers 400 IMAGE_TOO_LARGE before decoding and stores nothing', async () => {
    const id = await newCharacter();
    const png = bigPng(16_000, 16_000);
    expect(png.length).toBeLessThan(1024 * 1024);
    const res = await avatarUpload(id, png);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'IMAGE_TOO_LARGE', width: 16_000, height: 16_000 });
    expect(errorShapeProblems(res.statusCode, res.json())).toEqual([]);
    expect(await gw.platform.files.list(`characters/${id}/`)).toEqual([]);
  });
});

describe('parsers attack: uploads in flight per operator', () => {
  it('avatar_upload, one more upload than the cap while the others are still sending, answers 429 TOO_MANY_UPLOADS; the slots come back afterwards', async () => {
    const id = await newCharacter();
    const cap = 3; // MEDIA_UPLOADS_PER_ADMIN's default
    const boundary = 'held';
    const bodies = Array.from({ length: cap }, () => new PassThrough());
    const held = bodies.map((body) => {
      body.write(multipartHead(boundary, 'a.png', 'image/png'));
      return gw.app.inject({
        method: 'POST',
        url: adminUrl(`/characters/${id}/avatar_upload`),
        headers: { ...bearer(operator), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    });
    // Let the held uploads reach their handlers (they wait for their bodies).
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refused = await avatarUpload(id, bigPng(64, 64));

    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, code: 'TOO_MANY_UPLOADS', max_in_flight: cap });
    expect(refused.json().message).toMatch(/同時に進められるアップロードは 3 件まで/);
    expect(errorShapeProblems(refused.statusCode, refused.json())).toEqual([]);
    for (const body of bodies) body.end(Buffer.concat([bigPng(64, 64), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await avatarUpload(id, bigPng(64, 64))).statusCode).toBe(200);
  });
});
