import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { catalogService } from '../index.ts';
import { openVideos } from '../model.ts';
import { ContinuityWarnings } from './continuity.ts';
import { demoAvatar, demoClip, makeClipDir, makeTestPattern } from './test-clips.ts';
import { adminHeaders, fileOf, multipart, newCharacter, setStandby, storedKeys, upload } from './test-http.ts';

let svc: ServiceUnderTest;
const clips = makeClipDir();
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
  clips.remove();
});

describe('video upload', () => {
  it('video upload, an MP4, is stored under the character with every Video default, media info, poster and an audit entry', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('media-upload-test', ['admin.acted'], async (e) => {
      seen.push(e);
    });
    const id = await newCharacter(svc);
    const res = await upload(
      svc,
      id,
      { id: 'greet', loop: 'true', comment: 'あいさつ' },
      fileOf(demoClip('greet'), 'あいさつ.mp4'),
    );
    expect(res.statusCode).toBe(201);
    const video = res.json().video;
    expect(video).toMatchObject({
      id: 'greet',
      character_id: id,
      path: 'videos/greet.mp4',
      title: 'あいさつ.mp4',
      loop: true,
      comment: 'あいさつ',
      play_end: false,
      loop_count: 0,
      mic_on: false,
      mic_on_millisecond: null,
      original_id: null,
      file_id: null,
      video_style: 'portrait',
      paths: {},
      original_url: null,
      subtitle_languages: [],
    });
    expect(video.media_info).toMatchObject({
      width: 480,
      height: 270,
      frame_rate: 15,
      video_codec: 'h264',
      probed_with: 'ffprobe',
    });
    expect(video.continuity).toMatchObject({ standby_video_id: null, warnings: [] });
    expect(video.url).toBe(`/files/characters/${id}/videos/greet.mp4`);
    expect(video.poster_url).toBe(`/files/characters/${id}/posters/greet.webp`);
    expect(await storedKeys(svc, id)).toEqual([
      `characters/${id}/posters/greet.webp`,
      `characters/${id}/videos/greet.mp4`,
    ]);
    const event = await eventually(async () =>
      seen.find(
        (e) =>
          (e.data as { action?: string; detail?: { character_id?: string } }).action === 'video.uploaded' &&
          (e.data as { detail?: { character_id?: string } }).detail?.character_id === id,
      ),
    );
    await sub.close();
    expect(event.data).toMatchObject({ admin_id: 'admin-1', action: 'video.uploaded', detail: { video_id: 'greet' } });
  });

  it('video upload, a WebM without an id, gets a generated id, a .webm path and a title ending .mp4', async () => {
    const id = await newCharacter(svc);
    const res = await upload(svc, id, {}, fileOf(makeTestPattern(clips.dir, 'webm'), 'wave.webm', 'video/webm'));
    expect(res.statusCode).toBe(201);
    const video = res.json().video;
    expect(video.path).toBe(`videos/${video.id}.webm`);
    expect(video.title).toBe('wave.mp4');
    expect(video.media_info).toMatchObject({ container: 'webm', video_codec: 'vp8' });
  });

  it('video upload, with a standby clip set, passes a demo clip and warns about a different picture', async () => {
    const id = await newCharacter(svc);
    await upload(svc, id, { id: 'standby' }, fileOf(demoClip('standby'), 'standby.mp4'));
    await setStandby(svc, id, 'standby');
    const same = await upload(svc, id, { id: 'nod' }, fileOf(demoClip('nod_1'), 'nod.mp4'));
    const other = await upload(svc, id, { id: 'pattern' }, fileOf(makeTestPattern(clips.dir, 'mp4'), 'pattern.mp4'));
    expect(same.json().video.continuity).toMatchObject({ standby_video_id: 'standby', warnings: [] });
    expect(other.json().video.continuity.warnings).toEqual([
      ContinuityWarnings.first,
      ContinuityWarnings.last,
      ContinuityWarnings.firstColour,
      ContinuityWarnings.lastColour,
    ]);
    expect(
      (await openVideos(svc.platform.store).findOne({ character_id: id, id: 'pattern' }))?.continuity
        ?.first_frame_distance,
    ).toBeGreaterThan(0.2);
  });

  it('video upload, an image named .mp4 and sent as video/mp4, answers 415 in Japanese and stores nothing', async () => {
    const id = await newCharacter(svc);
    const res = await upload(svc, id, { id: 'fake' }, fileOf(demoAvatar, 'fake.mp4', 'video/mp4'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'file' });
    expect(res.json().message).toMatch(/MP4 または WebM/);
    expect(await storedKeys(svc, id)).toEqual([]);
    expect(await openVideos(svc.platform.store).countDocuments({ character_id: id })).toBe(0);
  });

  it('video upload, a Matroska (not WebM) EBML file, answers 415', async () => {
    const id = await newCharacter(svc);
    const mkv = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]),
      Buffer.from('matroska'),
      Buffer.alloc(200),
    ]);
    const res = await upload(svc, id, {}, { filename: 'a.webm', content: mkv, contentType: 'video/webm' });
    expect(res.statusCode).toBe(415);
  });

  it('video upload, an empty file, answers 400 and stores nothing', async () => {
    const id = await newCharacter(svc);
    const res = await upload(svc, id, {}, { filename: 'empty.mp4', content: Buffer.alloc(0) });
    expect(res.statusCode).toBe(400);
    expect(await storedKeys(svc, id)).toEqual([]);
  });

  it('video upload, a duplicate id or title, answers 409 and keeps the first file', async () => {
    const id = await newCharacter(svc);
    await upload(svc, id, { id: 'a', title: 'one.mp4' }, fileOf(demoClip('nod_1'), 'x.mp4'));
    const sameId = await upload(svc, id, { id: 'a' }, fileOf(demoClip('nod_2'), 'y.mp4'));
    const sameTitle = await upload(svc, id, { id: 'b', title: 'one.mp4' }, fileOf(demoClip('nod_2'), 'y.mp4'));
    expect(sameId.json()).toMatchObject({ code: 'DUPLICATE_KEY', field: 'id' });
    expect(sameTitle.json()).toMatchObject({ code: 'DUPLICATE_KEY', field: 'title' });
    expect(sameId.statusCode).toBe(409);
    expect((await svc.platform.files.stat(`characters/${id}/videos/a.mp4`))?.size).toBe(
      fileOf(demoClip('nod_1'), 'x').content.length,
    );
    expect(await svc.platform.files.stat(`characters/${id}/videos/b.mp4`)).toBeNull();
  });

  it('video upload, bad form fields (a wrong boolean, an unknown field, an id with a slash, a title without .mp4), answers 400 naming the field', async () => {
    const id = await newCharacter(svc);
    const cases: Array<[Record<string, string>, string]> = [
      [{ loop: 'maybe' }, 'loop'],
      [{ bogus: '1' }, 'bogus'],
      [{ id: '../x' }, 'id'],
      [{ title: 'hello.mov' }, 'title'],
    ];
    for (const [fields, field] of cases) {
      const res = await upload(svc, id, fields, fileOf(demoClip('nod_1'), 'x.mp4'));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
    }
    expect(await storedKeys(svc, id)).toEqual([]);
  });

  it('video upload, a field sent after the file, answers 400 and leaves no file', async () => {
    const id = await newCharacter(svc);
    const res = await upload(svc, id, { id: 'late' }, fileOf(demoClip('nod_1'), 'x.mp4'), true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ファイルより前/);
    expect(await storedKeys(svc, id)).toEqual([]);
  });

  it('video upload, no file or a JSON body, answers 400 / 415', async () => {
    const id = await newCharacter(svc);
    const noFile = await upload(svc, id, { id: 'x' });
    const json = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/characters/${id}/video/upload`,
      headers: adminHeaders(svc),
      payload: { id: 'x' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(json.statusCode).toBe(415);
  });

  it('video upload, two files, answers 400 and keeps neither', async () => {
    const id = await newCharacter(svc);
    const one = multipart({}, fileOf(demoClip('nod_1'), 'a.mp4'));
    const two = multipart({}, fileOf(demoClip('nod_2'), 'b.mp4'));
    const boundary = one.headers['content-type']!.split('boundary=')[1]!;
    const secondPart = two.payload
      .toString('latin1')
      .replace(two.headers['content-type']!.split('boundary=')[1]!, boundary);
    const payload = Buffer.concat([
      one.payload.subarray(0, one.payload.length - boundary.length - 6),
      Buffer.from(secondPart, 'latin1'),
    ]);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/characters/${id}/video/upload`,
      headers: { ...adminHeaders(svc), ...one.headers },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await storedKeys(svc, id)).toEqual([]);
  });

  it('video upload, an unknown character, a customer or nobody, answers 404 / 403 / 401', async () => {
    const body = multipart({}, fileOf(demoClip('nod_1'), 'a.mp4'));
    const url = '/api/admin/characters/nope/video/upload';
    const unknown = await svc.app.inject({
      method: 'POST',
      url,
      headers: { ...adminHeaders(svc), ...body.headers },
      payload: body.payload,
    });
    const customer = await svc.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${svc.tokenFor('u-1')}`, ...body.headers },
      payload: body.payload,
    });
    const anonymous = await svc.app.inject({ method: 'POST', url, headers: body.headers, payload: body.payload });
    expect([unknown.statusCode, customer.statusCode, anonymous.statusCode]).toEqual([404, 403, 401]);
  });
});

describe('video upload size limit', () => {
  let small: ServiceUnderTest;
  beforeAll(async () => {
    small = await startServiceForTest(catalogService, { MEDIA_UPLOAD_MAX_BYTES: '20000' });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('video upload, larger than MEDIA_UPLOAD_MAX_BYTES, answers 413 and leaves nothing behind', async () => {
    const id = await newCharacter(small);
    const big = Buffer.concat([fileOf(demoClip('greet'), 'g').content, Buffer.alloc(30_000)]);
    const res = await upload(small, id, { id: 'big' }, { filename: 'big.mp4', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(res.json().message).toMatch(/大きすぎます/);
    expect(await storedKeys(small, id)).toEqual([]);
    expect(await openVideos(small.platform.store).countDocuments({ character_id: id })).toBe(0);
  });
});
