// Checks the COMMITTED demo media of every demo character (ミライ, ソラ; no
// ffmpeg needed): every clip in its clips.json has a playable-looking mp4, a
// manifest entry and valid ja-JP/en-US subtitles.
import { spawnSync } from 'node:child_process';
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASTS, type DemoCast } from './casts.ts';
import { SUBTITLE_LANGUAGES, loadClips, loadManifest, pathsOf, posterPath, subtitlePath, videoPath } from './clips.ts';
import type { DemoClip, ManifestEntry } from './clips.ts';
import { parseVtt } from './vtt.ts';

const MAX_TOTAL_BYTES = 6 * 1024 * 1024;
const casts = await Promise.all(CASTS.map(async (cast) => ({ cast, clips: await loadClips(cast) })));
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
  const result = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,pix_fmt', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  return (JSON.parse(result.stdout) as { streams: Array<Record<string, string>> }).streams;
}

describe.each(casts.map(({ cast, clips }) => [cast.key, cast, clips] as const))(
  'demo character assets (%s)',
  (_key, cast: DemoCast, clips: DemoClip[]) => {
    const paths = pathsOf(cast);
    let manifest: Map<string, ManifestEntry>;
    beforeAll(async () => {
      manifest = new Map((await loadManifest(cast)).map((entry) => [entry.id, entry]));
    });

    it('clips.json, as committed, has unique ids and a kana reading for every spoken clip', () => {
      const ids = clips.map((clip) => clip.id);

      expect(new Set(ids).size).toBe(ids.length);
      expect(clips.filter((clip) => clip.ja !== '' && !cast.readings[clip.id]).map((clip) => clip.id)).toEqual([]);
    });

    it.each(clips.map((clip) => [clip.id, clip] as const))(
      'video %s, as committed, is an MP4 (starts with an ftyp box)',
      async (id) => {
        const header = await firstBytes(join(paths.assets, videoPath(id)), 12);

        expect(header.toString('ascii', 4, 8)).toBe('ftyp');
      },
    );

    it.each(clips.map((clip) => [clip.id, clip] as const))(
      'poster %s, as committed, is a WebP image (RIFF....WEBP)',
      async (id) => {
        const header = await firstBytes(join(paths.assets, posterPath(id)), 12);

        expect(header.toString('ascii', 0, 4)).toBe('RIFF');
        expect(header.toString('ascii', 8, 12)).toBe('WEBP');
      },
    );

    it.each(clips.map((clip) => [clip.id, clip] as const))(
      'manifest entry %s, as committed, describes the file on disk',
      async (id) => {
        const entry = manifest.get(id);

        expect(entry).toBeDefined();
        expect(entry!.durationMs).toBeGreaterThan(0);
        expect(entry!).toMatchObject({
          title: `${id}.mp4`,
          path: videoPath(id),
          subtitles: {
            'ja-JP': subtitlePath('ja-JP', id, cast.characterId),
            'en-US': subtitlePath('en-US', id, cast.characterId),
          },
        });
        expect((await stat(join(paths.assets, entry!.path))).size).toBe(entry!.bytes);
      },
    );

    it.each(clips.flatMap((clip) => SUBTITLE_LANGUAGES.map((language) => [clip.id, language, clip] as const)))(
      'subtitles %s/%s, as committed, parse as WebVTT with the line inside the clip',
      async (id, language, clip: DemoClip) => {
        const cues = parseVtt(await readFile(join(paths.assets, subtitlePath(language, id, cast.characterId)), 'utf8'));
        const line = language === 'ja-JP' ? clip.ja : clip.en;

        expect(cues.map((cue) => cue.text)).toEqual(line === '' ? [] : [line]);
        for (const cue of cues) expect(cue.end * 1000).toBeLessThanOrEqual(manifest.get(id)!.durationMs);
      },
    );

    it('all media, together, stay under 6 MB', async () => {
      const files = [...manifest.values()].flatMap((entry) => [entry.path, posterPath(entry.id)]);
      const sizes = await Promise.all(files.map((path) => stat(join(paths.assets, path))));
      const total = sizes.reduce((sum, file) => sum + file.size, (await stat(paths.avatar)).size);

      expect(total).toBeLessThan(MAX_TOTAL_BYTES);
    });

    it.skipIf(!hasFfprobe).each(['greet', 'standby'])(
      'video %s, probed with ffprobe, is 480x270 H.264 yuv420p with AAC audio',
      (id) => {
        const streams = probe(join(paths.assets, videoPath(id)));

        expect(streams).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              codec_type: 'video',
              codec_name: 'h264',
              width: 480,
              height: 270,
              pix_fmt: 'yuv420p',
            }),
            expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
          ]),
        );
      },
    );

    it.skipIf(!hasFfprobe).each(['greet', 'standby'])(
      'poster %s, probed with ffprobe, is one 480x270 WebP frame like its video',
      (id) => {
        const streams = probe(join(paths.assets, posterPath(id)));

        expect(streams).toEqual([
          expect.objectContaining({ codec_type: 'video', codec_name: 'webp', width: 480, height: 270 }),
        ]);
      },
    );
  },
);
