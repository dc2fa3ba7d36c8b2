import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { catalogService } from '../index.ts';
import { validateWebVtt, VTT_MAX_TAG_DEPTH } from './subtitles.ts';
import { demoClip } from './test-clips.ts';
import { adminHeaders, fileOf, newCharacter, upload } from './test-http.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const GOOD = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nこんにちは！\n\n00:00:01.500 --> 00:00:03.000\n私はミライ。\n';
const put = (url: string, body: string, contentType = 'text/vtt') =>
  svc.app.inject({ method: 'PUT', url, headers: { ...adminHeaders(svc), 'content-type': contentType }, payload: body });

async function characterWithGreet(): Promise<string> {
  const id = await newCharacter(svc);
  await upload(svc, id, { id: 'greet', title: 'greet.mp4' }, fileOf(demoClip('greet'), 'greet.mp4'));
  return id;
}

describe('validateWebVtt', () => {
  it('validateWebVtt, a good file, counts its cues', () => {
    expect(validateWebVtt(GOOD)).toBe(2);
  });

  it('validateWebVtt, a missing header, names line 1', () => {
    expect(() => validateWebVtt('00:00:00.000 --> 00:00:01.000\nx\n')).toThrow(/1 行目.*WEBVTT/);
  });

  it('validateWebVtt, an end before its start, names the timing line', () => {
    expect(() => validateWebVtt('WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nx\n')).toThrow(/3 行目.*終了時刻/);
  });

  it('validateWebVtt, starts out of order, names the later cue', () => {
    expect(() =>
      validateWebVtt('WEBVTT\n\n00:00:02.000 --> 00:00:03.000\nx\n\n00:00:01.000 --> 00:00:04.000\ny\n'),
    ).toThrow(/6 行目.*時刻順/);
  });

  it('validateWebVtt, tags nested deeper than the bound, is refused with VTT_TOO_DEEP naming the line before the parser runs', () => {
    const deep = `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'<i>'.repeat(VTT_MAX_TAG_DEPTH + 1)}x\n`;
    expect(() => validateWebVtt(deep)).toThrow(
      expect.objectContaining({ code: 'VTT_TOO_DEEP', status: 400, body: { line: 4, max_depth: VTT_MAX_TAG_DEPTH } }),
    );
  });

  it('validateWebVtt, tags at the bound, closed ones and a new cue, are counted as the parser nests them', () => {
    const atBound = `${'<b>'.repeat(VTT_MAX_TAG_DEPTH)}x${'</b>'.repeat(VTT_MAX_TAG_DEPTH)}`;
    const closedThenOpened = `${'<b>x</b>'.repeat(VTT_MAX_TAG_DEPTH * 2)}`;
    const twoCues = `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${atBound}\n\n00:00:01.000 --> 00:00:02.000\n${atBound}\n`;
    expect(validateWebVtt(twoCues)).toBe(2);
    expect(validateWebVtt(`WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${closedThenOpened}\n`)).toBe(1);
  });

  it('validateWebVtt, stray end tags that close nothing, do not hide the depth', () => {
    const stray = `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'<b></i>'.repeat(VTT_MAX_TAG_DEPTH + 1)}x\n`;
    expect(() => validateWebVtt(stray)).toThrow(expect.objectContaining({ code: 'VTT_TOO_DEEP' }));
  });

  it('validateWebVtt, a malformed timing, is refused', () => {
    expect(() => validateWebVtt('WEBVTT\n\n00:00:xx.000 --> 00:00:01.000\nx\n')).toThrow(/行目/);
  });
});

describe('subtitle routes', () => {
  it('subtitles, PUT then GET then list then DELETE, round-trips the file at subtitles/{id}/{language}/{title}.vtt', async () => {
    const id = await characterWithGreet();
    const url = `/api/admin/characters/${id}/subtitles/ja-JP/greet`;
    const saved = await put(url, GOOD);
    expect(saved.json()).toEqual({
      ok: true,
      language: 'ja-JP',
      title: 'greet',
      url: `/files/subtitles/${id}/ja-JP/greet.vtt`,
      cues: 2,
    });
    const read = await svc.app.inject({ method: 'GET', url, headers: adminHeaders(svc) });
    expect(read.headers['content-type']).toMatch(/^text\/vtt/);
    expect(read.body).toBe(GOOD);
    const list = await svc.app.inject({
      method: 'GET',
      url: `/api/admin/characters/${id}/subtitles`,
      headers: adminHeaders(svc),
    });
    expect(list.json()).toEqual({ ok: true, subtitles: { 'ja-JP': ['greet'] } });
    expect((await svc.app.inject({ method: 'DELETE', url, headers: adminHeaders(svc) })).json()).toEqual({ ok: true });
    expect((await svc.app.inject({ method: 'GET', url, headers: adminHeaders(svc) })).statusCode).toBe(404);
    expect(await svc.platform.files.stat(`subtitles/${id}/ja-JP/greet.vtt`)).toBeNull();
  });

  it('subtitles, malformed WebVTT, answers 400 with the line and stores nothing', async () => {
    const id = await characterWithGreet();
    const res = await put(
      `/api/admin/characters/${id}/subtitles/ja-JP/greet`,
      'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nx\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'INVALID_VTT', line: 3 });
    expect(await svc.platform.files.stat(`subtitles/${id}/ja-JP/greet.vtt`)).toBeNull();
  });

  it('subtitles, a title that is no video of the character, an unsupported language or a path in the title, is refused', async () => {
    const id = await characterWithGreet();
    expect((await put(`/api/admin/characters/${id}/subtitles/ja-JP/nothing`, GOOD)).statusCode).toBe(404);
    expect((await put(`/api/admin/characters/${id}/subtitles/xx-YY/greet`, GOOD)).statusCode).toBe(400);
    expect((await put(`/api/admin/characters/${id}/subtitles/ja-JP/..%2Fgreet`, GOOD)).statusCode).toBe(400);
    expect((await put(`/api/admin/characters/nope/subtitles/ja-JP/greet`, GOOD)).statusCode).toBe(404);
  });

  it('subtitles, a JSON body or one over 1 MB, is refused with 400 / 413', async () => {
    const id = await characterWithGreet();
    const url = `/api/admin/characters/${id}/subtitles/ja-JP/greet`;
    const json = await svc.app.inject({ method: 'PUT', url, headers: adminHeaders(svc), payload: { vtt: GOOD } });
    const huge = await put(url, `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'あ'.repeat(400_000)}\n`);
    expect(json.statusCode).toBe(400);
    expect(huge.statusCode).toBe(413);
  });

  it('subtitles, a customer, answers 403', async () => {
    const id = await characterWithGreet();
    const res = await svc.app.inject({
      method: 'PUT',
      url: `/api/admin/characters/${id}/subtitles/ja-JP/greet`,
      headers: { authorization: `Bearer ${svc.tokenFor('u-2')}`, 'content-type': 'text/vtt' },
      payload: GOOD,
    });
    expect(res.statusCode).toBe(403);
  });

  it('subtitles, of a clip renamed, follow it to the new title in every language and the library still lists them', async () => {
    const id = await characterWithGreet();
    await put(`/api/admin/characters/${id}/subtitles/ja-JP/greet`, GOOD);
    await put(`/api/admin/characters/${id}/subtitles/en-US/greet`, GOOD.replace('こんにちは！', 'Hello!'));

    const renamed = await svc.app.inject({
      method: 'PUT',
      url: `/api/admin/characters/${id}/videos/greet`,
      headers: adminHeaders(svc),
      payload: { title: 'hello.mp4' },
    });

    expect(renamed.statusCode).toBe(200);
    const list = await svc.app.inject({
      method: 'GET',
      url: `/api/admin/characters/${id}/subtitles`,
      headers: adminHeaders(svc),
    });
    expect(list.json()).toEqual({ ok: true, subtitles: { 'en-US': ['hello'], 'ja-JP': ['hello'] } });
    const english = await svc.app.inject({
      method: 'GET',
      url: `/api/admin/characters/${id}/subtitles/en-US/hello`,
      headers: adminHeaders(svc),
    });
    expect(english.body).toContain('Hello!');
    const library = await svc.app.inject({
      method: 'GET',
      url: `/api/admin/characters/${id}/videos`,
      headers: adminHeaders(svc),
    });
    expect(
      (library.json() as { videos: { id: string; subtitle_languages: string[] }[] }).videos.find(
        (v) => v.id === 'greet',
      )?.subtitle_languages,
    ).toEqual(['en-US', 'ja-JP']);
  });
});
