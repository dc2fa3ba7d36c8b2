// Checks the COMMITTED demo media (no ffmpeg needed): every clip in clips.json
// has a playable-looking mp4, a manifest entry and valid ja-JP/en-US subtitles.
import { spawnSync } from 'node:child_process';
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PATHS, SUBTITLE_LANGUAGES, loadClips, loadManifest, posterPath, subtitlePath, videoPath } from './clips.ts';
import type { DemoClip, ManifestEntry } from './clips.ts';
import { READINGS } from './readings.ts';
import { parseVtt } from './vtt.ts';

const MAX_TOTAL_BYTES = 6 * 1024 * 1024;
const clips = await loadClips();
const hasFfprobe = spawnSync('ffprobe', ['-version']).status === 0;
if (!hasFfprobe) console.warn('skipped: demo assets codec check — install ffmpeg (ffprobe) to run it');

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    await handle.read(buffer, 0, count, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

function probe(file: string): Array<Record<string, string>> {
  const result = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,pix_fmt', '-of', 'json', file], { encoding: 'utf8' });
  return (JSON.parse(result.stdout) as { streams: Array<Record<string, string>> }).streams;
}

describe('demo character assets', () => {
  let manifest: Map<string, ManifestEntry>;
  beforeAll(async () => {
    manifest = new Map((await loadManifest()).map((entry) => [entry.id, entry]));
  });

  it('clips.json, as committed, has unique ids and a kana reading for every spoken clip', () => {
    const ids = clips.map((clip) => clip.id);

    expect(new Set(ids).size).toBe(ids.length);
    expect(clips.filter((clip) => clip.ja !== '' && !READINGS[clip.id]).map((clip) => clip.id)).toEqual([]);
  });

  it.each(clips.map((clip) => [clip.id, clip] as const))('video %s, as committed, is an MP4 (starts with an ftyp box)', async (id) => {
    const header = await firstBytes(join(PATHS.assets, videoPath(id)), 12);

    expect(header.toString('ascii', 4, 8)).toBe('ftyp');
  });

  it.each(clips.map((clip) => [clip.id, clip] as const))('poster %s, as committed, is a WebP image (RIFF....WEBP)', async (id) => {
    const header = await firstBytes(join(PATHS.assets, posterPath(id)), 12);

    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.toString('ascii', 8, 12)).toBe('WEBP');
  });

  it.each(clips.map((clip) => [clip.id, clip] as const))('manifest entry %s, as committed, describes the file on disk', async (id) => {
    const entry = manifest.get(id);

    expect(entry).toBeDefined();
    expect(entry!.durationMs).toBeGreaterThan(0);
    expect(entry!).toMatchObject({ title: `${id}.mp4`, path: videoPath(id), subtitles: { 'ja-JP': subtitlePath('ja-JP', id), 'en-US': subtitlePath('en-US', id) } });
    expect((await stat(join(PATHS.assets, entry!.path))).size).toBe(entry!.bytes);
  });

  it.each(clips.flatMap((clip) => SUBTITLE_LANGUAGES.map((language) => [clip.id, language, clip] as const)))(
    'subtitles %s/%s, as committed, parse as WebVTT with the line inside the clip',
    async (id, language, clip: DemoClip) => {
      const cues = parseVtt(await readFile(join(PATHS.assets, subtitlePath(language, id)), 'utf8'));
      const line = language === 'ja-JP' ? clip.ja : clip.en;

      expect(cues.map((cue) => cue.text)).toEqual(line === '' ? [] : [line]);
      for (const cue of cues) expect(cue.end * 1000).toBeLessThanOrEqual(manifest.get(id)!.durationMs);
    },
  );

  it('all media, together, stay under 6 MB', async () => {
    const paths = [...manifest.values()].flatMap((entry) => [entry.path, posterPath(entry.id)]);
    const sizes = await Promise.all(paths.map((path) => stat(join(PATHS.assets, path))));
    const total = sizes.reduce((sum, file) => sum + file.size, (await stat(PATHS.avatar)).size);

    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
  });

  it.skipIf(!hasFfprobe).each(['greet', 'standby'])('video %s, probed with ffprobe, is 480x270 H.264 yuv420p with AAC audio', (id) => {
    const streams = probe(join(PATHS.assets, videoPath(id)));

    expect(streams).toEqual(expect.arrayContaining([
      expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 480, height: 270, pix_fmt: 'yuv420p' }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
    ]));
  });

  it.skipIf(!hasFfprobe).each(['greet', 'standby'])('poster %s, probed with ffprobe, is one 480x270 WebP frame like its video', (id) => {
    const streams = probe(join(PATHS.assets, posterPath(id)));

    expect(streams).toEqual([expect.objectContaining({ codec_type: 'video', codec_name: 'webp', width: 480, height: 270 })]);
  });
});
