// A demo character's clip list (services/dialogue-engine/demo/clips.json for
// Mirai, demo/sora/clips.json for Sora) and the manifest the generator writes
// next to the media it renders.
import { readFile } from 'node:fs/promises';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { MIRAI, type DemoCast } from './casts.ts';

export const ClipKind = Type.Union([
  Type.Literal('standby'),
  Type.Literal('listen'),
  Type.Literal('nod'),
  Type.Literal('speech'),
]);
export type ClipKind = Static<typeof ClipKind>;

export const DemoClip = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9_]+$', description: 'video id; also the file name without .mp4' }),
    kind: ClipKind,
    ja: Type.String({ description: 'the Japanese line spoken (empty for silent loops)' }),
    en: Type.String({ description: 'the English subtitle' }),
    loop: Type.Optional(Type.Boolean({ description: 'the clip loops seamlessly' })),
  },
  { additionalProperties: false },
);
export type DemoClip = Static<typeof DemoClip>;

export const SUBTITLE_LANGUAGES = ['ja-JP', 'en-US'] as const;
export type SubtitleLanguage = (typeof SUBTITLE_LANGUAGES)[number];
/** SPEC.md §2: subtitles live at {character_id}/{language}/{video title without .mp4}.vtt */
export const DEMO_CHARACTER_ID = MIRAI.characterId;

export const ManifestEntry = Type.Object(
  {
    id: Type.String(),
    title: Type.String({ description: '<id>.mp4' }),
    path: Type.String({ description: 'video path relative to the assets folder' }),
    durationMs: Type.Integer({ minimum: 1 }),
    bytes: Type.Integer({ minimum: 1 }),
    subtitles: Type.Object({
      'ja-JP': Type.String({ description: 'subtitle path relative to the assets folder' }),
      'en-US': Type.String(),
    }),
  },
  { additionalProperties: false },
);
export type ManifestEntry = Static<typeof ManifestEntry>;

/** Where a demo character's clip list and committed media live. */
export function pathsOf(cast: Pick<DemoCast, 'dir'>) {
  return {
    clips: `${cast.dir}clips.json`,
    assets: `${cast.dir}assets/`,
    manifest: `${cast.dir}assets/manifest.json`,
    avatar: `${cast.dir}assets/avatar.png`,
  } as const;
}
/** Mirai's paths. */
export const PATHS = pathsOf(MIRAI);

export function videoPath(id: string): string {
  return `videos/${id}.mp4`;
}

/** The clip's first frame as a still (WebP, the video's pixel size): what shows before the video plays. */
export function posterPath(id: string): string {
  return `posters/${id}.webp`;
}

export function subtitlePath(language: SubtitleLanguage, id: string, characterId: string = DEMO_CHARACTER_ID): string {
  return `subtitles/${characterId}/${language}/${id}.vtt`;
}

function parseList<T>(json: string, schema: Parameters<typeof Value.Check>[0], what: string): T[] {
  const list: unknown = JSON.parse(json);
  if (!Array.isArray(list)) throw new Error(`${what}: expected an array`);
  list.forEach((item, index) => {
    if (!Value.Check(schema, item))
      throw new Error(
        `${what}[${index}]: ${[...Value.Errors(schema, item)].map((e) => `${e.path} ${e.message}`).join('; ')}`,
      );
  });
  return list as T[];
}

export async function loadClips(cast: Pick<DemoCast, 'dir'> = MIRAI): Promise<DemoClip[]> {
  return parseList<DemoClip>(await readFile(pathsOf(cast).clips, 'utf8'), DemoClip, 'clips.json');
}

export async function loadManifest(cast: Pick<DemoCast, 'dir'> = MIRAI): Promise<ManifestEntry[]> {
  return parseList<ManifestEntry>(await readFile(pathsOf(cast).manifest, 'utf8'), ManifestEntry, 'manifest.json');
}
