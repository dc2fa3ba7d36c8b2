import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { catalogService } from '../index.ts';
import { openVideos } from '../model.ts';
import { ContinuityWarnings } from './continuity.ts';
import { demoClip, makeClipDir, makeTestPattern } from './test-clips.ts';
import {
  addBlock,
  adminHeaders,
  fileOf,
  multipart,
  newCharacter,
  setStandby,
  storedKeys,
  upload,
} from './test-http.ts';

let svc: ServiceUnderTest;
const clips = makeClipDir();
beforeAll(async () => {
  svc = await startServiceForTest(catalogService, { PUBLIC_URL: 'https://talk.example.jp' });
});
afterAll(async () => {
  await svc?.close();
  clips.remove();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  svc.app.inject({ method, url, headers: adminHeaders(svc), ...(payload ? { payload } : {}) });

async function characterWithClip(videoId = 'greet'): Promise<string> {
  const id = await newCharacter(svc);
  const res = await upload(svc, id, { id: videoId }, fileOf(demoClip('greet'), `${videoId}.mp4`));
  if (res.statusCode !== 201) throw new Error(res.body);
  return id;
}

describe('vod_upload and insert_video', () => {
  it('vod_upload, a new file for a video, keeps its id and fields, points at the new file and removes the old one', async () => {
    const id = await characterWithClip();
    await call('PUT', `/api/admin/characters/${id}/videos/greet`, { loop: true });
    const body = multipart({ video_id: 'greet' }, fileOf(makeTestPattern(clips.dir, 'webm'), 'new.webm', 'video/webm'));
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/admin/characters/${id}/vod_upload`,
      headers: { ...adminHeaders(svc), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const video = res.json().video;
    expect(video).toMatchObject({ id: 'greet', loop: true, title: 'greet.mp4' });
    expect(video.path).toMatch(/^videos\/greet-[a-z0-9]+\.webm$/);
    expect(video.media_info).toMatchObject({ container: 'webm', width: 160 });
    expect(await storedKeys(svc, id)).toEqual([
      `characters/${id}/posters/greet.webp`,
      `characters/${id}/${video.path}`,
    ]);
  });

  it('vod_upload, an unknown video or a non-video file, answers 404 / 415 and keeps the old file', async () => {
    const id = await characterWithClip();
    const send = (fields: Record<string, string>, content: Buffer) => {
      const body = multipart(fields, { filename: 'x.mp4', content });
      return svc.app.inject({
        method: 'POST',
        url: `/api/admin/characters/${id}/vod_upload`,
        headers: { ...adminHeaders(svc), ...body.headers },
        payload: body.payload,
      });
    };
    expect((await send({ video_id: 'nope' }, fileOf(demoClip('nod_1'), 'x').content)).statusCode).toBe(404);
    expect((await send({ video_id: 'greet' }, Buffer.from('not a video at all, just text'))).statusCode).toBe(415);
    expect((await send({}, fileOf(demoClip('nod_1'), 'x').content)).statusCode).toBe(400);
    expect(await storedKeys(svc, id)).toEqual([
      `characters/${id}/posters/greet.webp`,
      `characters/${id}/videos/greet.mp4`,
    ]);
  });

  it('insert_video, a file already stored, adds a video; a missing file or a bad path answers 400', async () => {
    const id = await newCharacter(svc);
    await svc.platform.files.put(
      `characters/${id}/videos/extra.mp4`,
      fileOf(demoClip('nod_2'), 'x').content,
      'video/mp4',
    );
    const ok = await call('POST', `/api/admin/characters/${id}/insert_video`, {
      video: { id: 'extra', path: 'videos/extra.mp4', mic_on: true },
    });
    const missing = await call('POST', `/api/admin/characters/${id}/insert_video`, {
      video: { id: 'gone', path: 'videos/gone.mp4' },
    });
    const traversal = await call('POST', `/api/admin/characters/${id}/insert_video`, {
      video: { path: '../other/videos/x.mp4' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().video).toMatchObject({
      id: 'extra',
      title: 'extra.mp4',
      mic_on: true,
      media_info: { width: 480 },
    });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'path' });
    expect(traversal.statusCode).toBe(400);
    expect(await svc.platform.files.stat(`characters/${id}/videos/extra.mp4`)).not.toBeNull();
  });
});

describe('edit and delete', () => {
  it('PUT video, a partial edit, changes only the fields sent; a duplicate title answers 409, a bad one 400', async () => {
    const id = await characterWithClip();
    await upload(svc, id, { id: 'other', title: 'taken.mp4' }, fileOf(demoClip('nod_1'), 'x.mp4'));
    const res = await call('PUT', `/api/admin/characters/${id}/videos/greet`, { play_end: true, comment: 'おわり' });
    expect(res.json().video).toMatchObject({ play_end: true, comment: 'おわり', loop: false, title: 'greet.mp4' });
    expect((await call('PUT', `/api/admin/characters/${id}/videos/greet`, { title: 'taken.mp4' })).statusCode).toBe(
      409,
    );
    expect((await call('PUT', `/api/admin/characters/${id}/videos/greet`, { title: 'x.mov' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/admin/characters/${id}/videos/greet`, { path: 'videos/x.mp4' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `/api/admin/characters/${id}/videos/greet`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/api/admin/characters/${id}/videos/nope`, { loop: true })).statusCode).toBe(404);
  });

  it('DELETE video, used by a block and as standby, answers 409 VIDEO_REFERENCED listing each use and deletes nothing', async () => {
    const id = await characterWithClip();
    await addBlock(svc, id, { id: 'b1', trigger_video_id: 'greet', silence_video_ids: ['greet'] });
    await setStandby(svc, id, 'greet');
    const res = await call('DELETE', `/api/admin/characters/${id}/video/greet`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'VIDEO_REFERENCED' });
    expect(res.json().references).toEqual([
      { kind: 'block', block_id: 'b1', field: 'trigger_video_id' },
      { kind: 'block', block_id: 'b1', field: 'silence_video_ids' },
      { kind: 'setting', field: 'standby_video_id' },
    ]);
    expect(await openVideos(svc.platform.store).countDocuments({ character_id: id })).toBe(1);
  });

  it('DELETE video, unused, removes the document, its file and its poster', async () => {
    const id = await characterWithClip();
    const res = await call('DELETE', `/api/admin/characters/${id}/video/greet`);
    expect(res.json()).toEqual({ ok: true, deleted: 'greet' });
    expect(await storedKeys(svc, id)).toEqual([]);
    expect((await call('DELETE', `/api/admin/characters/${id}/video/greet`)).statusCode).toBe(404);
  });
});

describe('library and vod calls', () => {
  it('GET videos, lists every video with URLs and subtitle languages', async () => {
    const id = await characterWithClip();
    await svc.platform.files.put(`subtitles/${id}/ja-JP/greet.vtt`, Buffer.from('WEBVTT\n'), 'text/vtt');
    const res = await call('GET', `/api/admin/characters/${id}/videos`);
    expect(res.json().videos).toHaveLength(1);
    expect(res.json().videos[0]).toMatchObject({
      id: 'greet',
      subtitle_languages: ['ja-JP'],
      url: `/files/characters/${id}/videos/greet.mp4`,
    });
    expect((await call('GET', '/api/admin/characters/nope/videos')).statusCode).toBe(404);
  });

  it('vod/changeVideoPath, default and a rendition, needs the file; a bad definition answers 400', async () => {
    const id = await characterWithClip();
    await svc.platform.files.put(
      `characters/${id}/videos/greet-hd.mp4`,
      fileOf(demoClip('greet'), 'x').content,
      'video/mp4',
    );
    const hd = await call('POST', '/api/admin/characters/vod/changeVideoPath/hd', {
      character_id: id,
      video_id: 'greet',
      path: 'videos/greet-hd.mp4',
    });
    expect(hd.json().video).toMatchObject({ path: 'videos/greet.mp4', paths: { hd: 'videos/greet-hd.mp4' } });
    const main = await call('POST', '/api/admin/characters/vod/changeVideoPath/default', {
      character_id: id,
      video_id: 'greet',
      path: 'videos/greet-hd.mp4',
    });
    expect(main.json().video.path).toBe('videos/greet-hd.mp4');
    expect(
      (
        await call('POST', '/api/admin/characters/vod/changeVideoPath/default', {
          character_id: id,
          video_id: 'greet',
          path: 'videos/none.mp4',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/admin/characters/vod/changeVideoPath/HD!', {
          character_id: id,
          video_id: 'greet',
          path: 'videos/greet-hd.mp4',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('vod/setOriginalUrl, an https URL is kept; ftp or over 2048 characters answers 400', async () => {
    const id = await characterWithClip();
    const ok = await call('POST', '/api/admin/characters/vod/setOriginalUrl', {
      character_id: id,
      video_id: 'greet',
      original_url: 'https://studio.example.jp/raw/greet.mov',
    });
    expect(ok.json().video.original_url).toBe('https://studio.example.jp/raw/greet.mov');
    expect(
      (
        await call('POST', '/api/admin/characters/vod/setOriginalUrl', {
          character_id: id,
          video_id: 'greet',
          original_url: 'ftp://x/y',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/admin/characters/vod/setOriginalUrl', {
          character_id: id,
          video_id: 'greet',
          original_url: `https://x/${'a'.repeat(2100)}`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('vod/updateMediaInfo, after the file changed behind its back, reads the new figures', async () => {
    const id = await characterWithClip();
    await svc.platform.files.put(
      `characters/${id}/videos/greet.mp4`,
      fileOf(makeTestPattern(clips.dir, 'mp4'), 'x').content,
      'video/mp4',
    );
    const res = await call('POST', '/api/admin/characters/vod/updateMediaInfo', {
      character_id: id,
      video_id: 'greet',
    });
    expect(res.json().video.media_info).toMatchObject({ width: 160, height: 90 });
    expect(
      (await call('POST', '/api/admin/characters/vod/updateMediaInfo', { character_id: id, video_id: 'nope' }))
        .statusCode,
    ).toBe(404);
  });

  it('abs, with PUBLIC_URL set, answers absolute URLs of videos, posters and subtitles', async () => {
    const id = await characterWithClip();
    await svc.platform.files.put(`subtitles/${id}/en-US/greet.vtt`, Buffer.from('WEBVTT\n'), 'text/vtt');
    const res = await call('GET', `/api/admin/characters/${id}/abs`);
    expect(res.json()).toMatchObject({
      videos: { greet: `https://talk.example.jp/files/characters/${id}/videos/greet.mp4` },
      posters: { greet: `https://talk.example.jp/files/characters/${id}/posters/greet.webp` },
      subtitles: { 'en-US': { greet: `https://talk.example.jp/files/subtitles/${id}/en-US/greet.vtt` } },
      avatar: null,
    });
  });

  it('previewVideo and details, answer the video with its subtitles and the blocks that use it; a wrong character answers 404', async () => {
    const id = await characterWithClip();
    await addBlock(svc, id, { id: 'hello', trigger_video_id: 'greet' });
    const preview = await call('GET', `/api/admin/characters/previewVideo/greet?character_id=${id}`);
    const details = await call('GET', `/api/admin/characters/details/greet?character_id=${id}`);
    expect(preview.json()).toMatchObject({
      url: `/files/characters/${id}/videos/greet.mp4`,
      poster_url: `/files/characters/${id}/posters/greet.webp`,
      subtitles: {},
    });
    expect(details.json()).toMatchObject({
      media_info: { width: 480 },
      used_by: [{ kind: 'block', block_id: 'hello', field: 'trigger_video_id' }],
    });
    expect((await call('GET', '/api/admin/characters/details/greet?character_id=other')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/characters/details/greet')).statusCode).toBe(400);
  });

  it('continuity, re-run after the standby clip changed, updates every clip against the new standby', async () => {
    const id = await newCharacter(svc);
    await upload(svc, id, { id: 'standby' }, fileOf(demoClip('standby'), 'standby.mp4'));
    await upload(svc, id, { id: 'pattern' }, fileOf(makeTestPattern(clips.dir, 'mp4'), 'pattern.mp4'));
    await setStandby(svc, id, 'pattern');
    const res = await call('POST', `/api/admin/characters/${id}/continuity`);
    const byId = Object.fromEntries(
      res.json().videos.map((v: { video_id: string; continuity: unknown }) => [v.video_id, v.continuity]),
    );
    expect(byId.pattern).toMatchObject({ standby_video_id: 'pattern', first_frame_distance: 0, warnings: [] });
    expect(byId.standby).toMatchObject({
      standby_video_id: 'pattern',
      warnings: [
        ContinuityWarnings.first,
        ContinuityWarnings.last,
        ContinuityWarnings.firstColour,
        ContinuityWarnings.lastColour,
      ],
    });
    expect(
      (await openVideos(svc.platform.store).findOne({ character_id: id, id: 'standby' }))?.continuity?.standby_video_id,
    ).toBe('pattern');
  });

  it('continuity, clips uploaded before any standby clip, are checked again on their own once the standby clip is chosen', async () => {
    const id = await newCharacter(svc);
    await upload(svc, id, { id: 'standby' }, fileOf(demoClip('standby'), 'standby.mp4'));
    await upload(svc, id, { id: 'pattern' }, fileOf(makeTestPattern(clips.dir, 'mp4'), 'pattern.mp4'));
    const reportOf = async (videoId: string) =>
      (await openVideos(svc.platform.store).findOne({ character_id: id, id: videoId }))?.continuity;
    expect(await reportOf('pattern')).toMatchObject({ standby_video_id: null, warnings: [] });

    const chosen = await call('PUT', `/api/admin/characters/${id}`, { setting: { standby_video_id: 'standby' } });

    expect(chosen.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await reportOf('pattern'))?.standby_video_id).toBe('standby'), {
      timeout: 30_000,
      interval: 200,
    });
    expect((await reportOf('pattern'))?.warnings).toContain(ContinuityWarnings.first);
    expect(await reportOf('standby')).toMatchObject({
      standby_video_id: 'standby',
      first_frame_distance: 0,
      warnings: [],
    });
  }, 40_000);
});
