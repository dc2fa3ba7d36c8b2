import type { FileStore } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';
import type { CharacterMedia, CharacterSummary, PlayableCharacter } from '@talkwith/proto/catalog';
import { publicCharacterOf } from '@talkwith/proto/dialogue';
import { mediaKeys, type Character } from './characters.ts';

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

/** The character as the player needs it: the public view of the dialogue (no credentials) plus public URLs of every video and subtitle. */
export async function playableOf(c: Character, files: FileStore): Promise<PlayableCharacter> {
  if (!c.dialogue || !c.published_at) throw new AppError('NOT_FOUND', 'このキャラクターとはまだ会話できません。');
  const keys = mediaKeys(c._id);
  const videos = Object.fromEntries(c.dialogue.videos.map((v) => [v.id, files.publicUrl(keys.media(v.path))]));
  return {
    ok: true,
    character: { ...summaryOf(c, files), dialogue: publicCharacterOf(c.dialogue), media: { videos, subtitles: await subtitleUrls(files, c.dialogue.id) } },
  };
}
