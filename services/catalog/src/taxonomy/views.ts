import type { FileStore } from '@talkwith/platform';
import { trimmedTranslations } from '@talkwith/proto/identity';
import type { Category, Group, TaxonomyCharacter } from '@talkwith/proto/catalog';
import type { Character } from '../characters.ts';
import type { CategoryDoc, GroupDoc } from '../model.ts';

/** The stored documents as the proto shapes the admin console reads. */

/** A category's or group's translations as stored (none on documents saved before translations existed). */
export const translatedTextsOf = (doc: Pick<CategoryDoc, 'name_i18n' | 'description_i18n'>) => ({
  ...(doc.name_i18n ? { name_i18n: doc.name_i18n } : {}),
  ...(doc.description_i18n ? { description_i18n: doc.description_i18n } : {}),
});

/** The translations of a create or change, trimmed, an empty language left out (it shows the Japanese). */
export const storedTextsOf = (input: Pick<CategoryDoc, 'name_i18n' | 'description_i18n'>) => ({
  ...(input.name_i18n ? { name_i18n: trimmedTranslations(input.name_i18n) } : {}),
  ...(input.description_i18n ? { description_i18n: trimmedTranslations(input.description_i18n) } : {}),
});

export const categoryOf = (doc: CategoryDoc, groupCount: number): Category => ({
  id: doc._id,
  name: doc.name,
  slug: doc.slug,
  description: doc.description,
  ...translatedTextsOf(doc),
  sort_order: doc.sort_order,
  group_count: groupCount,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

export const groupOf = (doc: GroupDoc, characterCount: number): Group => ({
  id: doc._id,
  category_id: doc.category_id,
  name: doc.name,
  description: doc.description,
  ...translatedTextsOf(doc),
  sort_order: doc.sort_order,
  character_count: characterCount,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

/** The character fields the taxonomy reads (never the dialogue graph or the credentials). */
export const CHARACTER_FIELDS = {
  _id: 1,
  name: 1,
  name_i18n: 1,
  slug: 1,
  price: 1,
  avatar_key: 1,
  published_at: 1,
  group_id: 1,
} as const;

export interface Placement {
  groups: Map<string, GroupDoc>;
  categories: Map<string, CategoryDoc>;
}

/** A character with the names of its group and category (null when it has none, or its group no longer exists). */
export function taxonomyCharacterOf(c: Character, place: Placement, files: FileStore): TaxonomyCharacter {
  const group = c.group_id ? place.groups.get(c.group_id) : undefined;
  const category = group ? place.categories.get(group.category_id) : undefined;
  return {
    id: c._id,
    name: c.name,
    slug: c.slug ?? c._id,
    price: c.price ?? 0,
    avatar_url: c.avatar_key ? files.publicUrl(c.avatar_key) : null,
    published_at: c.published_at ?? null,
    group_id: c.group_id ?? null,
    group_name: group?.name ?? null,
    category_id: category?._id ?? null,
    category_name: category?.name ?? null,
  };
}

/** Counts of `key` over documents (e.g. groups per category). */
export function countBy<T>(items: readonly T[], key: (item: T) => string | null | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}
