import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { frameRateOf, probeMedia } from './probe.ts';
import { demoClip, makeClipDir, makeTestPattern } from './test-clips.ts';

const clips = makeClipDir();
afterAll(() => clips.remove());
const withFfprobe = { ffprobe: true, timeoutMs: 30_000 };
const withoutFfprobe = { ffprobe: false, timeoutMs: 30_000 };

describe('probeMedia', () => {
  it('probeMedia, an MP4 with ffprobe, reads size, duration, frame rate and codecs', async () => {
    const info = await probeMedia(demoClip('standby'), 'mp4', withFfprobe);
    expect(info).toMatchObject({
      width: 480,
      height: 270,
      frame_rate: 15,
      video_codec: 'h264',
      audio_codec: 'aac',
      container: 'mp4',
      probed_with: 'ffprobe',
    });
    expect(info.duration_s).toBeGreaterThan(2.9);
    expect(info.size_bytes).toBeGreaterThan(1000);
  });

  it('probeMedia, an MP4 without ffprobe, reads the same figures from the container', async () => {
    const info = await probeMedia(demoClip('standby'), 'mp4', withoutFfprobe);
    expect(info).toMatchObject({ width: 480, height: 270, frame_rate: 15, container: 'mp4', probed_with: 'container' });
    expect(info.video_codec).toMatch(/^avc1/);
    expect(info.audio_codec).toMatch(/^mp4a/);
    expect(info.duration_s).toBeGreaterThan(2.9);
  });

  it('probeMedia, a WebM with and without ffprobe, agrees on size and frame rate', async () => {
    const path = makeTestPattern(clips.dir, 'webm');
    const probed = await probeMedia(path, 'webm', withFfprobe);
    const read = await probeMedia(path, 'webm', withoutFfprobe);
    expect(probed).toMatchObject({
      width: 160,
      height: 90,
      frame_rate: 15,
      video_codec: 'vp8',
      audio_codec: 'opus',
      probed_with: 'ffprobe',
    });
    expect(read).toMatchObject({
      width: 160,
      height: 90,
      frame_rate: 15,
      video_codec: 'VP8',
      audio_codec: 'OPUS',
      probed_with: 'container',
    });
    expect(read.size_bytes).toBe(probed.size_bytes);
  });

  it('probeMedia, a file that only starts like an MP4, rejects with ffprobe and gives empty figures without', async () => {
    const path = join(clips.dir, 'fake.mp4');
    writeFileSync(
      path,
      Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom0000isomavc1'), Buffer.alloc(2000, 7)]),
    );
    await expect(probeMedia(path, 'mp4', withFfprobe)).rejects.toThrow(/ffprobe failed/);
    expect(await probeMedia(path, 'mp4', withoutFfprobe)).toMatchObject({
      width: null,
      frame_rate: null,
      size_bytes: 2024,
    });
  });

  it('probeMedia, an MP4 test pattern copied under another name, still reads its dimensions', async () => {
    const path = join(clips.dir, 'copy.mp4');
    copyFileSync(makeTestPattern(clips.dir, 'mp4'), path);
    expect(await probeMedia(path, 'mp4', withoutFfprobe)).toMatchObject({ width: 160, height: 90, frame_rate: 15 });
  });
});

describe('frameRateOf', () => {
  it('frameRateOf, NTSC and unknown fractions, answers 29.97 and null', () => {
    expect(frameRateOf('30000/1001')).toBe(29.97);
    expect(frameRateOf('0/0')).toBeNull();
    expect(frameRateOf(undefined)).toBeNull();
  });
});
