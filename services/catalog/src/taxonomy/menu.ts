import type { DocumentStore, FileStore } from '@talkwith/platform';
import { slugOf, type CatalogMenu, type MenuCategory, type MenuCharacter } from '@talkwith/proto/catalog';
import { openCharacters, type Character } from '../characters.ts';
import { openCategories, openGroups, type CategoryDoc, type GroupDoc } from '../model.ts';
import { CATEGORY_ORDER } from './categories.ts';
import { CHARACTER_FIELDS, translatedTextsOf } from './views.ts';
import { taxonomyErrors } from '../errors.ts';

/**
 * The public menu: categories → groups → published characters (newest first).
 * Empty groups and categories are left out: a customer has nothing to pick there.
 */

interface Shelf {
  categories: CategoryDoc[];
  groups: GroupDoc[];
  /** Published characters by group id ('' = in no existing group). */
  byGroup: Map<string, MenuCharacter[]>;
}

function menuCharacterOf(c: Character, playable: Set<string>, files: FileStore): MenuCharacter {
  return {
    id: c._id,
    name: c.name,
    ...(c.name_i18n ? { name_i18n: c.name_i18n } : {}),
    slug: c.slug ?? c._id,
    avatar_url: c.avatar_key ? files.publicUrl(c.avatar_key) : null,
    price: c.price ?? 0,
    playable: playable.has(c._id),
    published_at: c.published_at ?? '',
  };
}

async function loadShelf(
  store: DocumentStore,
  files: FileStore,
  categoryFilter: Record<string, unknown>,
): Promise<Shelf> {
  const published = { published_at: { $ne: null } };
  const [categories, groups, characters, withDialogue] = await Promise.all([
    openCategories(store).find(categoryFilter, { sort: CATEGORY_ORDER }),
    openGroups(store).find({}, { sort: CATEGORY_ORDER }),
    openCharacters(store).find(published, { sort: { published_at: -1 }, projection: CHARACTER_FIELDS }),
    // Only whether a conversation exists: the snapshot itself can be large.
    openCharacters(store).find({ ...published, dialogue: { $exists: true } }, { projection: { _id: 1 } }),
  ]);
  const playable = new Set(withDialogue.map((c) => c._id));
  const known = new Set(groups.map((g) => g._id));
  const byGroup = new Map<string, MenuCharacter[]>();
  for (const c of characters) {
    const key = c.group_id && known.has(c.group_id) ? c.group_id : '';
    byGroup.set(key, [...(byGroup.get(key) ?? []), menuCharacterOf(c, playable, files)]);
  }
  return { categories, groups, byGroup };
}

function menuCategoryOf(category: CategoryDoc, shelf: Shelf): MenuCategory {
  const groups = shelf.groups
    .filter((g) => g.category_id === category._id && (shelf.byGroup.get(g._id)?.length ?? 0) > 0)
    .map((g) => ({
      id: g._id,
      name: g.name,
      description: g.description,
      ...translatedTextsOf(g),
      slug: slugOf(g.name),
      characters: shelf.byGroup.get(g._id) ?? [],
    }));
  return {
    id: category._id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    ...translatedTextsOf(category),
    groups,
  };
}

export async function catalogMenu(store: DocumentStore, files: FileStore): Promise<CatalogMenu> {
  const shelf = await loadShelf(store, files, {});
  const listed = new Set(shelf.categories.map((c) => c._id));
  // A group whose category is gone lists nowhere else: its characters join the ungrouped ones.
  const orphans = shelf.groups.filter((g) => !listed.has(g.category_id)).flatMap((g) => shelf.byGroup.get(g._id) ?? []);
  return {
    ok: true,
    categories: shelf.categories.map((c) => menuCategoryOf(c, shelf)).filter((c) => c.groups.length > 0),
    ungrouped: [...(shelf.byGroup.get('') ?? []), ...orphans],
  };
}

/** One category by its slug, with its groups that list a published character (possibly none yet). */
export async function catalogTheme(store: DocumentStore, files: FileStore, slug: string): Promise<MenuCategory> {
  const shelf = await loadShelf(store, files, { slug });
  const [category] = shelf.categories;
  if (!category) throw taxonomyErrors.themeNotFound(slug);
  return menuCategoryOf(category, shelf);
}
