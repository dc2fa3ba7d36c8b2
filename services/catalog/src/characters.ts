import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { CharacterSetting, Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import type { Translations } from '@talkwith/proto/identity';
import type { CharacterDraft } from './model.ts';

export interface Character {
  _id: string;
  name: string;
  description: string;
  /** The name and description in the other interface languages (absent on characters from before them: the Japanese shows). */
  name_i18n?: Translations;
  description_i18n?: Translations;
  published_at: string | null;
  created_at: string;
  /** URL name (/full/chat/{slug}); characters without one are reached by id only. */
  slug?: string;
  /** Files-port key of the avatar image. */
  avatar_key?: string;
  /** Price in yen (0 = free). */
  price?: number;
  /** The group (and through it the category) the character is listed under. */
  group_id?: string | null;
  /** The draft setting, credentials included (model.ts); never answered unmasked. */
  setting?: CharacterSetting;
  /** The draft's character-level lists (model.ts). */
  draft?: CharacterDraft;
  /** Bumped by every publish; the published snapshot's version. */
  published_version?: number;
  updated_at?: string;
  /** The published snapshot the player runs (conversation graph, videos, settings); absent until published. */
  dialogue?: DialogueCharacter;
  [key: string]: unknown;
}

/** Where a character's media live in the files port (subtitles follow SPEC §2: subtitles/{character_id}/{language}/{name}.vtt). */
export function mediaKeys(characterId: string) {
  return {
    avatar: `characters/${characterId}/avatar.png`,
    /** A video's path is relative to the character's media folder (e.g. videos/greet.mp4). */
    media: (path: string) => `characters/${characterId}/${path}`,
    /** The first frame of a video as a still (WebP), beside the videos. */
    poster: (videoId: string) => `characters/${characterId}/posters/${videoId}.webp`,
    postersPrefix: `characters/${characterId}/posters/`,
    subtitlesPrefix: `subtitles/${characterId}/`,
  };
}

export function openCharacters(store: DocumentStore | Transaction): Collection<Character> {
  return store.collection<Character>('characters');
}
