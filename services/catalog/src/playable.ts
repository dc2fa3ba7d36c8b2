import type { FileStore } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';
import type { CharacterMedia, CharacterSummary, PlayableCharacter } from '@talkwith/proto/catalog';
import { publicCharacterOf } from '@talkwith/proto/dialogue';
import { mediaKeys, type Character } from './characters.ts';
import { withoutLockedBlocks } from './serial-gates.ts';

export function summaryOf(c: Character, files: FileStore): CharacterSummary {
  return {
    id: c._id, name: c.name, description: c.description, slug: c.slug ?? null,
    avatar_url: c.avatar_key ? files.publicUrl(c.avatar_key) : null, playable: c.dialogue !== undefined, published_at: c.published_at,
  };
}

/** Subtitle URLs of the files that really exist, by language and name (SPEC §2: {character_id}/{language}/{name}.vtt). */
async function subtitleUrls(files: FileStore, characterId: string): Promise<CharacterMedia['subtitles']> {
  const prefix = mediaKeys(characterId).subtitlesPrefix;
  const out: CharacterMedia['subtitles'] = {};
  for (const file of await files.list(prefix)) {
    const [language, name] = file.key.slice(prefix.length).split('/');
    if (!language || !name?.endsWith('.vtt')) continue;
    (out[language] ??= {})[name.slice(0, -'.vtt'.length)] = files.publicUrl(file.key);
  }
  return out;
}

/** Poster URLs of the videos whose first-frame still really exists (one listing of the posters folder). */
async function posterUrls(files: FileStore, characterId: string, videoIds: string[]): Promise<CharacterMedia['posters']> {
  const keys = mediaKeys(characterId);
  const stored = new Set((await files.list(keys.postersPrefix)).map((file) => file.key));
  return Object.fromEntries(videoIds.filter((id) => stored.has(keys.poster(id))).map((id) => [id, files.publicUrl(keys.poster(id))]));
}

/**
 * The character as the player needs it: the public view of the dialogue (no
 * credentials, without the serial-locked blocks in `lockedBlockIds`) plus
 * public URLs of every video, poster and subtitle.
 */
export async function playableOf(c: Character, files: FileStore, lockedBlockIds: ReadonlySet<string> = new Set()): Promise<PlayableCharacter> {
  if (!c.dialogue || !c.published_at) throw new AppError('NOT_FOUND', 'このキャラクターとはまだ会話できません。');
  const keys = mediaKeys(c._id);
  const videos = Object.fromEntries(c.dialogue.videos.map((v) => [v.id, files.publicUrl(keys.media(v.path))]));
  const [posters, subtitles] = await Promise.all([posterUrls(files, c._id, c.dialogue.videos.map((v) => v.id)), subtitleUrls(files, c.dialogue.id)]);
  return {
    ok: true,
    character: { ...summaryOf(c, files), ...withoutLockedBlocks(publicCharacterOf(c.dialogue), lockedBlockIds), media: { videos, posters, subtitles } },
  };
}

/**
 * Where GET /api/characters/by-slug/{slug}/poster sends the browser: the poster
 * of the standby clip, else the avatar; undefined when there is neither.
 * Not found (404) like the character itself when it cannot be played.
 */
export async function posterRedirectOf(c: Character, files: FileStore): Promise<string | undefined> {
  if (!c.dialogue || !c.published_at) throw new AppError('NOT_FOUND', 'このキャラクターとはまだ会話できません。');
  const standby = c.dialogue.setting.standby_video_id;
  const key = standby ? mediaKeys(c._id).poster(standby) : undefined;
  if (key && await files.stat(key)) return files.publicUrl(key);
  return c.avatar_key ? files.publicUrl(c.avatar_key) : undefined;
}
