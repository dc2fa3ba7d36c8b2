import type { FileStore } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import { maskSecret, type AdminCharacter, type AdminCharacterListItem } from '@talkwith/proto/catalog';
import type { CharacterSetting } from '@talkwith/proto/dialogue';
import type { Character } from '../characters.ts';
import { defaultSetting, emptyDraft } from '../model.ts';

/** The setting as an admin sees it: credentials opened only to be masked (SPEC §5: the last 3 characters), never in clear nor sealed. */
export function maskedSetting(credentials: CredentialCipher, setting: CharacterSetting): CharacterSetting {
  return {
    ...setting,
    spj_api_key: maskSecret(credentials.open('spj_api_key', setting.spj_api_key)),
    google_key: maskSecret(credentials.open('google_key', setting.google_key)),
  };
}

function fieldsOf(c: Character, files: FileStore) {
  return {
    id: c._id,
    name: c.name,
    slug: c.slug ?? c._id,
    price: c.price ?? 0,
    group_id: c.group_id ?? null,
    avatar_url: c.avatar_key ? files.publicUrl(c.avatar_key) : null,
    published_at: c.published_at,
    published_version: c.published_version ?? 0,
    updated_at: c.updated_at ?? null,
  };
}

export function listItemOf(
  c: Character,
  files: FileStore,
  counts: { blocks: number; videos: number },
): AdminCharacterListItem {
  return { ...fieldsOf(c, files), block_count: counts.blocks, video_count: counts.videos };
}

/** `draftDiffers`: the draft differs from the published snapshot (versions.ts `draftDiffers`), for the console's badge. */
export function adminCharacterOf(
  c: Character,
  files: FileStore,
  credentials: CredentialCipher,
  draftDiffers: boolean,
): AdminCharacter {
  return {
    ...fieldsOf(c, files),
    description: c.description,
    name_i18n: c.name_i18n ?? {},
    description_i18n: c.description_i18n ?? {},
    created_at: c.created_at,
    draft_differs: draftDiffers,
    setting: maskedSetting(credentials, c.setting ?? defaultSetting(c._id)),
    draft: c.draft ?? emptyDraft(),
  };
}
