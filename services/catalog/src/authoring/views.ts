import type { FileStore } from '@talkwith/platform';
import { maskSecret, type AdminCharacter, type AdminCharacterListItem } from '@talkwith/proto/catalog';
import type { CharacterSetting } from '@talkwith/proto/dialogue';
import type { Character } from '../characters.ts';
import { defaultSetting, emptyDraft } from '../model.ts';

/** The setting as an admin sees it: credentials masked (SPEC §5), never in clear. */
export function maskedSetting(setting: CharacterSetting): CharacterSetting {
  return { ...setting, spj_api_key: maskSecret(setting.spj_api_key), google_key: maskSecret(setting.google_key) };
}

function fieldsOf(c: Character, files: FileStore) {
  return {
    id: c._id, name: c.name, slug: c.slug ?? c._id, price: c.price ?? 0, group_id: c.group_id ?? null,
    avatar_url: c.avatar_key ? files.publicUrl(c.avatar_key) : null, published_at: c.published_at,
    published_version: c.published_version ?? 0, updated_at: c.updated_at ?? null,
  };
}

export function listItemOf(c: Character, files: FileStore, counts: { blocks: number; videos: number }): AdminCharacterListItem {
  return { ...fieldsOf(c, files), block_count: counts.blocks, video_count: counts.videos };
}

export function adminCharacterOf(c: Character, files: FileStore): AdminCharacter {
  return {
    ...fieldsOf(c, files), description: c.description, created_at: c.created_at,
    setting: maskedSetting(c.setting ?? defaultSetting(c._id)), draft: c.draft ?? emptyDraft(),
  };
}
