import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { catalogService } from '../index.ts';
import { openCharacters } from '../characters.ts';
import { AVATAR_MAX_PIXELS, renditionWidths } from './avatar.ts';
import { demoAvatar } from './test-clips.ts';
import { adminHeaders, multipart, newCharacter, storedKeys, type FilePart } from './test-http.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

function sendAvatar(characterId: string, file: FilePart) {
  const body = multipart({}, file);
  return svc.app.inject({
    method: 'POST',
    url: `/api/admin/characters/${characterId}/avatar_upload`,
    headers: { ...adminHeaders(svc), ...body.headers },
    payload: body.payload,
  });
}
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(typed.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typed.copy(framed, 4);
  framed.writeUInt32BE(crc32(typed), typed.length + 4);
  return framed;
}

/** A PNG whose header says width × height and whose pixel data is one empty row: enough for the header check, nothing to decode. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c86' } })
    .jpeg()
    .toBuffer();

describe('renditionWidths', () => {
  it('renditionWidths, a 1000 px image, gets every SPEC §9 width up to 828 and none larger', () => {
    expect(renditionWidths(1000)).toEqual([16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828]);
    expect(renditionWidths(10)).toEqual([]);
  });
});

describe('avatar upload', () => {
  it('avatar_upload, one row more than the pixel limit, is refused from the header with IMAGE_TOO_LARGE and stores nothing', async () => {
    const id = await newCharacter(svc);
    const width = 5000;
    const tooTall = Math.floor(AVATAR_MAX_PIXELS / width) + 1;
    const refused = await sendAvatar(id, {
      filename: 'big.png',
      content: pngHeaderOnly(width, tooTall),
      contentType: 'image/png',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      width,
      height: tooTall,
      max_pixels: AVATAR_MAX_PIXELS,
    });
    expect(await storedKeys(svc, id)).toEqual([]);
  });

  it('avatar_upload, a PNG, stores it with its real extension and WebP renditions up to its width, and points the character at them', async () => {
    const id = await newCharacter(svc);
    const res = await sendAvatar(id, {
      filename: 'avatar.png',
      content: readFileSync(demoAvatar),
      contentType: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.avatar_url).toBe(`/files/characters/${id}/avatar.png`);
    expect(body.renditions.map((r: { width: number }) => r.width)).toEqual([16, 32, 48, 64, 96, 128, 256]);
    const stored = await svc.platform.files.read(`characters/${id}/avatar/64w.webp`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'webp', width: 64 });
    const character = await openCharacters(svc.platform.store).findOne({ _id: id });
    expect(character).toMatchObject({
      avatar_key: `characters/${id}/avatar.png`,
      avatar_renditions: { 16: `characters/${id}/avatar/16w.webp` },
    });
  });

  it('avatar_upload, a smaller JPEG after a PNG, replaces the avatar and removes the old file and the widths it no longer has', async () => {
    const id = await newCharacter(svc);
    await sendAvatar(id, { filename: 'a.png', content: readFileSync(demoAvatar), contentType: 'image/png' });
    const res = await sendAvatar(id, { filename: 'b.jpg', content: await jpeg(100, 100), contentType: 'image/jpeg' });
    expect(res.json().avatar_url).toBe(`/files/characters/${id}/avatar.jpg`);
    expect(await storedKeys(svc, id)).toEqual(
      [`characters/${id}/avatar.jpg`, ...[16, 32, 48, 64, 96].map((w) => `characters/${id}/avatar/${w}w.webp`)].sort(),
    );
  });

  it('avatar_upload, a video or text named .png, answers 415 and changes nothing', async () => {
    const id = await newCharacter(svc);
    const res = await sendAvatar(id, {
      filename: 'x.png',
      content: Buffer.from('GIF89a not really'),
      contentType: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/PNG・JPEG・WebP/);
    expect(await storedKeys(svc, id)).toEqual([]);
    expect((await openCharacters(svc.platform.store).findOne({ _id: id }))?.avatar_key).toBeUndefined();
  });

  it('avatar_upload, PNG magic bytes followed by garbage, answers 400', async () => {
    const id = await newCharacter(svc);
    const content = Buffer.concat([readFileSync(demoAvatar).subarray(0, 8), Buffer.alloc(500, 1)]);
    expect((await sendAvatar(id, { filename: 'x.png', content })).statusCode).toBe(400);
    expect(await storedKeys(svc, id)).toEqual([]);
  });

  it('avatar_upload, over 10 MB, answers 413 and stores nothing', async () => {
    const id = await newCharacter(svc);
    const content = Buffer.concat([readFileSync(demoAvatar).subarray(0, 8), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await sendAvatar(id, { filename: 'big.png', content });
    expect(res.statusCode).toBe(413);
    expect(await storedKeys(svc, id)).toEqual([]);
  });

  it('avatar_upload, an unknown character, answers 404', async () => {
    expect((await sendAvatar('nope', { filename: 'a.png', content: readFileSync(demoAvatar) })).statusCode).toBe(404);
  });
});
