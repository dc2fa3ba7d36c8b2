import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContinuity, COLOUR_THRESHOLD, CONTINUITY_THRESHOLD, ContinuityWarnings } from './continuity.ts';
import { colourDistance, firstFrame, frameDistance, posterWebp } from './frames.ts';
import { demoClip, makeClipDir, makeTestPattern } from './test-clips.ts';

const clips = makeClipDir();
afterAll(() => clips.remove());
const tools = { ffmpeg: true, timeoutMs: 30_000 };
/** A white figure on a plain background of the given colour (1 s, H.264). */
function figureOn(dir: string, colour: string, name: string): string {
  const path = join(dir, `${name}.mp4`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=${colour}:size=320x180:rate=15`,
    '-vf',
    'drawbox=x=120:y=40:w=80:h=140:color=white:t=fill',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    path,
  ]);
  return path;
}
const standbyOf = async () => ({ videoId: 'standby', firstFrame: await firstFrame(demoClip('standby'), 30_000) });

describe('checkContinuity', () => {
  it('checkContinuity, every kind of demo clip (same pose as the standby), gives no warning', async () => {
    const standby = await standbyOf();
    for (const name of ['greet', 'listen_1', 'nod_2', 'topic_food', 'goodbye']) {
      const result = await checkContinuity({ clipPath: demoClip(name), standby }, tools);
      expect(result.warnings, name).toEqual([]);
      expect(result.first_frame_distance!, name).toBeLessThan(CONTINUITY_THRESHOLD);
      expect(result.last_frame_distance!, name).toBeLessThan(CONTINUITY_THRESHOLD);
      expect(result.first_frame_colour_distance!, name).toBeLessThan(COLOUR_THRESHOLD);
    }
  });

  it('checkContinuity, a clip showing another picture, warns about both ends in Japanese', async () => {
    const result = await checkContinuity(
      { clipPath: makeTestPattern(clips.dir, 'mp4'), standby: await standbyOf() },
      tools,
    );
    expect(result.first_frame_distance!).toBeGreaterThan(CONTINUITY_THRESHOLD);
    expect(result.warnings).toEqual([
      ContinuityWarnings.first,
      ContinuityWarnings.last,
      ContinuityWarnings.firstColour,
      ContinuityWarnings.lastColour,
    ]);
    expect(result.standby_video_id).toBe('standby');
  });

  it('checkContinuity, the standby framing zoomed in by 30 %, warns', async () => {
    const zoomed = join(clips.dir, 'zoom.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      demoClip('standby'),
      '-vf',
      'crop=iw*0.7:ih*0.7,scale=480:270',
      '-t',
      '1',
      zoomed,
    ]);
    const result = await checkContinuity({ clipPath: zoomed, standby: await standbyOf() }, tools);
    expect(result.warnings).toContain(ContinuityWarnings.first);
  });

  it('checkContinuity, a red background against a blue standby of the same brightness, warns about colour though the grey pictures agree', async () => {
    const red = figureOn(clips.dir, '0xC82828', 'red');
    const blue = figureOn(clips.dir, '0x2846E6', 'blue');
    const standby = { videoId: 'blue', firstFrame: await firstFrame(blue, 30_000) };

    const result = await checkContinuity({ clipPath: red, standby }, tools);

    expect(result.first_frame_distance!).toBeLessThan(CONTINUITY_THRESHOLD);
    expect(result.first_frame_colour_distance!).toBeGreaterThan(COLOUR_THRESHOLD);
    expect(result.warnings).toEqual([ContinuityWarnings.firstColour, ContinuityWarnings.lastColour]);
  });

  it('checkContinuity, no standby clip yet, skips with standby_video_id null', async () => {
    const result = await checkContinuity({ clipPath: demoClip('greet'), standby: null }, tools);
    expect(result).toMatchObject({
      standby_video_id: null,
      first_frame_distance: null,
      last_frame_distance: null,
      warnings: [],
    });
  });

  it('checkContinuity, ffmpeg missing, reports null distances and that the check could not run', async () => {
    const result = await checkContinuity(
      { clipPath: demoClip('greet'), standby: await standbyOf() },
      { ffmpeg: false, timeoutMs: 1000 },
    );
    expect(result).toMatchObject({
      standby_video_id: 'standby',
      first_frame_distance: null,
      warnings: [ContinuityWarnings.noFfmpeg],
    });
  });

  it('checkContinuity, a file ffmpeg cannot decode, reports that the check could not run', async () => {
    const result = await checkContinuity(
      { clipPath: join(clips.dir, 'missing.mp4'), standby: await standbyOf() },
      tools,
    );
    expect(result).toMatchObject({ first_frame_distance: null, warnings: [ContinuityWarnings.failed] });
  });
});

describe('frameDistance and posterWebp', () => {
  it('frameDistance, black against white and a frame against itself, answers 1 and 0', () => {
    expect(frameDistance(Buffer.alloc(6, 0), Buffer.alloc(6, 255))).toBe(1);
    expect(frameDistance(Buffer.from([1, 2, 3]), Buffer.from([1, 2, 3]))).toBe(0);
  });

  it('colourDistance, pure red against pure blue and a frame against itself, answers 2/3 and 0', () => {
    const frameOf = (rgb: number[]) => Buffer.from(Array.from({ length: 64 * 36 }, () => rgb).flat());
    expect(colourDistance(frameOf([255, 0, 0]), frameOf([0, 0, 255]))).toBeCloseTo(2 / 3, 3);
    expect(colourDistance(frameOf([9, 99, 199]), frameOf([9, 99, 199]))).toBe(0);
  });

  it("posterWebp, a demo clip, is a WebP of the clip's own pixel size", async () => {
    const meta = await sharp(await posterWebp(demoClip('greet'), 30_000)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
  });
});
