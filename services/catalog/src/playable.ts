import type { FileStore, StoredFile } from '@talkwith/platform';
import type { CharacterAccess, CharacterMedia, CharacterSummary, PlayableCharacter } from '@talkwith/proto/catalog';
import { publicCharacterOf, type Character as DialogueCharacter, type PublicCharacter } from '@talkwith/proto/dialogue';
import { mediaKeys, type Character } from './characters.ts';
import { withoutLockedBlocks } from './serial-gates.ts';
import { previewOf } from './serving/preview.ts';
import { characterErrors } from './errors.ts';

export function summaryOf(c: Character, files: FileStore): CharacterSummary {
  return {
    id: c._id,
    name: c.name,
    description: c.description,
    slug: c.slug ?? null,
    ...(c.name_i18n ? { name_i18n: c.name_i18n } : {}),
    ...(c.description_i18n ? { description_i18n: c.description_i18n } : {}),
    avatar_url: c.avatar_key ? files.publicUrl(c.avatar_key) : null,
    playable: c.dialogue !== undefined,
    published_at: c.published_at,
  };
}

/**
 * How a served character's clips and subtitles are addressed: public URLs
 * (free characters), or URLs signed for one user until `expiresAt` (priced
 * ones; the files route refuses them unsigned, see serving/media-guard.ts).
 */
export interface MediaAddressing {
  signedFor?: { user: string; expiresAt: Date };
}

const urlOf = (files: FileStore, key: string, addressing: MediaAddressing): Promise<string> | string =>
  addressing.signedFor ? files.signedUrl(key, addressing.signedFor) : files.publicUrl(key);

/** Subtitle URLs of the files that really exist and belong to `names` (every one when absent), by language and name (SPEC §2). */
async function subtitleUrls(
  files: FileStore,
  characterId: string,
  names: ReadonlySet<string> | undefined,
  addressing: MediaAddressing,
): Promise<CharacterMedia['subtitles']> {
  const prefix = mediaKeys(characterId).subtitlesPrefix;
  const out: CharacterMedia['subtitles'] = {};
  for (const file of await files.list(prefix)) {
    const [language, name] = file.key.slice(prefix.length).split('/');
    if (!language || !name?.endsWith('.vtt')) continue;
    const title = name.slice(0, -'.vtt'.length);
    if (names && !names.has(title)) continue;
    (out[language] ??= {})[title] = await urlOf(files, file.key, addressing);
  }
  return out;
}

/** Poster URLs of the videos whose first-frame still really exists (one listing of the posters folder). Posters stay public: the store page shows them. */
async function posterUrls(
  files: FileStore,
  characterId: string,
  videoIds: string[],
): Promise<CharacterMedia['posters']> {
  const keys = mediaKeys(characterId);
  const stored = new Set((await files.list(keys.postersPrefix)).map((file) => file.key));
  return Object.fromEntries(
    videoIds.filter((id) => stored.has(keys.poster(id))).map((id) => [id, files.publicUrl(keys.poster(id))]),
  );
}

async function videoUrls(
  files: FileStore,
  c: Character,
  dialogue: PublicCharacter,
  addressing: MediaAddressing,
): Promise<CharacterMedia['videos']> {
  const keys = mediaKeys(c._id);
  return Object.fromEntries(
    await Promise.all(
      dialogue.videos.map(async (v) => [v.id, await urlOf(files, keys.media(v.path), addressing)] as const),
    ),
  );
}

export interface Serving {
  access: CharacterAccess;
  /** Serial-locked blocks the caller has not unlocked. */
  locked: ReadonlySet<string>;
  media: MediaAddressing;
}

/**
 * The character as the player needs it: the public view of the dialogue (no
 * credentials, without the serial-locked blocks the caller has not unlocked)
 * or, for `preview`, only its store page (serving/preview.ts); and the URLs
 * of the clips, posters and subtitles of what it holds.
 */
export async function playableOf(c: Character, files: FileStore, serving: Serving): Promise<PlayableCharacter> {
  if (!c.dialogue || !c.published_at) throw characterErrors.notPlayable();
  return playableFrom(c, c.dialogue, files, serving);
}

/** `dialogue` (the published snapshot, or the draft an operator tries: serving/draft.ts) served as playableOf describes. */
export async function playableFrom(
  c: Character,
  whole: DialogueCharacter,
  files: FileStore,
  serving: Serving,
): Promise<PlayableCharacter> {
  const unlocked = withoutLockedBlocks(publicCharacterOf(whole), serving.locked);
  const preview = serving.access === 'preview';
  const dialogue = preview ? previewOf(unlocked.dialogue) : unlocked.dialogue;
  const names = preview ? new Set(dialogue.videos.map((v) => v.title.replace(/\.mp4$/, ''))) : undefined;
  const [videos, posters, subtitles] = await Promise.all([
    videoUrls(files, c, dialogue, serving.media),
    posterUrls(
      files,
      c._id,
      dialogue.videos.map((v) => v.id),
    ),
    subtitleUrls(files, whole.id, names, serving.media),
  ]);
  return {
    ok: true,
    character: {
      ...summaryOf(c, files),
      access: serving.access,
      dialogue,
      locked: unlocked.locked,
      media: { videos, posters, subtitles },
    },
  };
}

/**
 * What GET /api/characters/by-slug/{slug}/poster answers with: the first-frame
 * still of the standby clip, else the avatar; undefined when there is neither.
 * Not found (404) like the character itself when it cannot be played.
 * Both stay public whatever the price: the store page shows them.
 */
export async function posterFileOf(c: Character, files: FileStore): Promise<StoredFile | undefined> {
  if (!c.dialogue || !c.published_at) throw characterErrors.notPlayable();
  const standby = c.dialogue.setting.standby_video_id;
  const still = standby ? await files.stat(mediaKeys(c._id).poster(standby)) : null;
  if (still) return still;
  return (c.avatar_key ? await files.stat(c.avatar_key) : null) ?? undefined;
}
