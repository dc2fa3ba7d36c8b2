import type { FileStore } from '@talkwith/platform';
import type { AbsoluteUrls, MediaInfo, VideoEntry } from '@talkwith/proto/catalog';
import { MediaInfo as MediaInfoSchema } from '@talkwith/proto/catalog';
import { Value } from '@sinclair/typebox/value';
import { mediaKeys, type Character } from '../characters.ts';
import { openVideos, videoOf, type VideoDoc } from '../model.ts';
import type { MediaContext } from './context.ts';

/** What one listing of the posters and subtitles folders tells about every video of a character. */
export interface MediaListing {
  posters: Set<string>;
  /** title without .mp4 → language → key */
  subtitles: Map<string, Map<string, string>>;
}

export async function listMedia(files: FileStore, characterId: string): Promise<MediaListing> {
  const keys = mediaKeys(characterId);
  const [posters, subtitleFiles] = await Promise.all([
    files.list(keys.postersPrefix),
    files.list(keys.subtitlesPrefix),
  ]);
  const subtitles = new Map<string, Map<string, string>>();
  for (const file of subtitleFiles) {
    const [language, name] = file.key.slice(keys.subtitlesPrefix.length).split('/');
    if (!language || !name?.endsWith('.vtt')) continue;
    const title = name.slice(0, -'.vtt'.length);
    if (!subtitles.has(title)) subtitles.set(title, new Map());
    subtitles.get(title)!.set(language, file.key);
  }
  return { posters: new Set(posters.map((f) => f.key)), subtitles };
}

export const subtitleNameOf = (title: string) => title.replace(/\.mp4$/, '');

export function entryOf(doc: VideoDoc, files: FileStore, listing: MediaListing): VideoEntry {
  const keys = mediaKeys(doc.character_id);
  const posterKey = keys.poster(doc.id);
  return {
    ...videoOf(doc),
    url: files.publicUrl(keys.media(doc.path)),
    poster_url: listing.posters.has(posterKey) ? files.publicUrl(posterKey) : null,
    paths: doc.paths ?? {},
    original_url: doc.original_url ?? null,
    continuity: doc.continuity ?? null,
    subtitle_languages: [...(listing.subtitles.get(subtitleNameOf(doc.title))?.keys() ?? [])].sort(),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export async function videoLibrary(ctx: MediaContext, characterId: string): Promise<VideoEntry[]> {
  const [docs, listing] = await Promise.all([
    openVideos(ctx.platform.store).find({ character_id: characterId }, { sort: { id: 1 } }),
    listMedia(ctx.platform.files, characterId),
  ]);
  return docs.map((doc) => entryOf(doc, ctx.platform.files, listing));
}

export async function videoEntry(ctx: MediaContext, doc: VideoDoc): Promise<VideoEntry> {
  return entryOf(doc, ctx.platform.files, await listMedia(ctx.platform.files, doc.character_id));
}

/** The stored media_info when it is a complete probe result (null: never probed, or the probe failed). */
export const mediaInfoOf = (doc: VideoDoc): MediaInfo | null =>
  Value.Check(MediaInfoSchema, doc.media_info) ? doc.media_info : null;

/** A URL as a browser outside the site needs it: relative ones (the gateway's /files) prefixed with the public origin. */
export function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : new URL(url, origin).toString();
}

/** abs: every video, poster and subtitle of the character (and its avatar) as absolute URLs. */
export async function absoluteUrls(
  ctx: MediaContext,
  character: Character,
  origin: string,
): Promise<Omit<AbsoluteUrls, 'ok'>> {
  const files = ctx.platform.files;
  const entries = await videoLibrary(ctx, character._id);
  const listing = await listMedia(files, character._id);
  const subtitles: AbsoluteUrls['subtitles'] = {};
  for (const [title, languages] of listing.subtitles) {
    for (const [language, key] of languages)
      (subtitles[language] ??= {})[title] = absolute(files.publicUrl(key), origin);
  }
  return {
    videos: Object.fromEntries(entries.map((e) => [e.id, absolute(e.url, origin)])),
    posters: Object.fromEntries(entries.flatMap((e) => (e.poster_url ? [[e.id, absolute(e.poster_url, origin)]] : []))),
    subtitles,
    avatar: character.avatar_key ? absolute(files.publicUrl(character.avatar_key), origin) : null,
  };
}
