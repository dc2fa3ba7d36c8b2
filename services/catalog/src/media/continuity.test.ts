import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContinuity, CONTINUITY_THRESHOLD, ContinuityWarnings } from './continuity.ts';
import { firstFrame, frameDistance, posterWebp } from './frames.ts';
import { demoClip, makeClipDir, makeTestPattern } from './test-clips.ts';

const clips = makeClipDir();
afterAll(() => clips.remove());
const tools = { ffmpeg: true, timeoutMs: 30_000 };
const standbyOf = async () => ({ videoId: 'standby', firstFrame: await firstFrame(demoClip('standby'), 30_000) });

describe('checkContinuity', () => {
  it('checkContinuity, every kind of demo clip (same pose as the standby), gives no warning', async () => {
    const standby = await standbyOf();
    for (const name of ['greet', 'listen_1', 'nod_2', 'topic_food', 'goodbye']) {
      const result = await checkContinuity({ clipPath: demoClip(name), standby }, tools);
      expect(result.warnings, name).toEqual([]);
      expect(result.first_frame_distance!, name).toBeLessThan(CONTINUITY_THRESHOLD);
      expect(result.last_frame_distance!, name).toBeLessThan(CONTINUITY_THRESHOLD);
    }
  });

  it('checkContinuity, a clip showing another picture, warns about both ends in Japanese', async () => {
    const result = await checkContinuity({ clipPath: makeTestPattern(clips.dir, 'mp4'), standby: await standbyOf() }, tools);
    expect(result.first_frame_distance!).toBeGreaterThan(CONTINUITY_THRESHOLD);
    expect(result.warnings).toEqual([ContinuityWarnings.first, ContinuityWarnings.last]);
    expect(result.standby_video_id).toBe('standby');
  });

  it('checkContinuity, the standby framing zoomed in by 30 %, warns', async () => {
    const zoomed = join(clips.dir, 'zoom.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', demoClip('standby'), '-vf', 'crop=iw*0.7:ih*0.7,scale=480:270', '-t', '1', zoomed]);
    const result = await checkContinuity({ clipPath: zoomed, standby: await standbyOf() }, tools);
    expect(result.warnings).toContain(ContinuityWarnings.first);
  });

  it('checkContinuity, no standby clip yet, skips with standby_video_id null', async () => {
    const result = await checkContinuity({ clipPath: demoClip('greet'), standby: null }, tools);
    expect(result).toMatchObject({ standby_video_id: null, first_frame_distance: null, last_frame_distance: null, warnings: [] });
  });

  it('checkContinuity, ffmpeg missing, reports null distances and that the check could not run', async () => {
    const result = await checkContinuity({ clipPath: demoClip('greet'), standby: await standbyOf() }, { ffmpeg: false, timeoutMs: 1000 });
    expect(result).toMatchObject({ standby_video_id: 'standby', first_frame_distance: null, warnings: [ContinuityWarnings.noFfmpeg] });
  });

  it('checkContinuity, a file ffmpeg cannot decode, reports that the check could not run', async () => {
    const result = await checkContinuity({ clipPath: join(clips.dir, 'missing.mp4'), standby: await standbyOf() }, tools);
    expect(result).toMatchObject({ first_frame_distance: null, warnings: [ContinuityWarnings.failed] });
  });
});

describe('frameDistance and posterWebp', () => {
  it('frameDistance, black against white and a frame against itself, answers 1 and 0', () => {
    expect(frameDistance(Buffer.alloc(4, 0), Buffer.alloc(4, 255))).toBe(1);
    expect(frameDistance(Buffer.from([1, 2, 3]), Buffer.from([1, 2, 3]))).toBe(0);
  });

  it('posterWebp, a demo clip, is a WebP of the clip\'s own pixel size', async () => {
    const meta = await sharp(await posterWebp(demoClip('greet'), 30_000)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
  });
});
