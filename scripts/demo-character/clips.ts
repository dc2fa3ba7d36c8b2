// The demo character's clip list (services/dialogue-engine/demo/clips.json)
// and the manifest the generator writes next to the media it renders.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export const ClipKind = Type.Union([Type.Literal('standby'), Type.Literal('listen'), Type.Literal('nod'), Type.Literal('speech')]);
export type ClipKind = Static<typeof ClipKind>;

export const DemoClip = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9_]+$', description: 'video id; also the file name without .mp4' }),
  kind: ClipKind,
  ja: Type.String({ description: 'the Japanese line spoken (empty for silent loops)' }),
  en: Type.String({ description: 'the English subtitle' }),
  loop: Type.Optional(Type.Boolean({ description: 'the clip loops seamlessly' })),
}, { additionalProperties: false });
export type DemoClip = Static<typeof DemoClip>;

export const SUBTITLE_LANGUAGES = ['ja-JP', 'en-US'] as const;
export type SubtitleLanguage = (typeof SUBTITLE_LANGUAGES)[number];
/** SPEC.md §2: subtitles live at {character_id}/{language}/{video title without .mp4}.vtt */
export const DEMO_CHARACTER_ID = 'demo-mirai';

export const ManifestEntry = Type.Object({
  id: Type.String(),
  title: Type.String({ description: '<id>.mp4' }),
  path: Type.String({ description: 'video path relative to the assets folder' }),
  durationMs: Type.Integer({ minimum: 1 }),
  bytes: Type.Integer({ minimum: 1 }),
  subtitles: Type.Object({
    'ja-JP': Type.String({ description: 'subtitle path relative to the assets folder' }),
    'en-US': Type.String(),
  }),
}, { additionalProperties: false });
export type ManifestEntry = Static<typeof ManifestEntry>;

const DEMO_DIR = fileURLToPath(new URL('../../services/dialogue-engine/demo/', import.meta.url));
export const PATHS = {
  clips: `${DEMO_DIR}clips.json`,
  assets: `${DEMO_DIR}assets/`,
  manifest: `${DEMO_DIR}assets/manifest.json`,
  avatar: `${DEMO_DIR}assets/avatar.png`,
} as const;

export function videoPath(id: string): string {
  return `videos/${id}.mp4`;
}

/** The clip's first frame as a still (WebP, the video's pixel size): what shows before the video plays. */
export function posterPath(id: string): string {
  return `posters/${id}.webp`;
}

export function subtitlePath(language: SubtitleLanguage, id: string): string {
  return `subtitles/${DEMO_CHARACTER_ID}/${language}/${id}.vtt`;
}

function parseList<T>(json: string, schema: Parameters<typeof Value.Check>[0], what: string): T[] {
  const list: unknown = JSON.parse(json);
  if (!Array.isArray(list)) throw new Error(`${what}: expected an array`);
  list.forEach((item, index) => {
    if (!Value.Check(schema, item)) throw new Error(`${what}[${index}]: ${[...Value.Errors(schema, item)].map((e) => `${e.path} ${e.message}`).join('; ')}`);
  });
  return list as T[];
}

export async function loadClips(): Promise<DemoClip[]> {
  return parseList<DemoClip>(await readFile(PATHS.clips, 'utf8'), DemoClip, 'clips.json');
}

export async function loadManifest(): Promise<ManifestEntry[]> {
  return parseList<ManifestEntry>(await readFile(PATHS.manifest, 'utf8'), ManifestEntry, 'manifest.json');
}
