import { Type, type Static } from '@sinclair/typebox';
import { Price, ShortId, Slug } from './authoring.ts';
import { LabelTranslations, translationsOf } from '../identity/localized.ts';

/**
 * Categories and groups (services/catalog/API.md, "Categories and groups"):
 * the admin calls of SPEC.md §7 (groups, categories, paste, the full area)
 * and the public menu the consumer pages list characters from.
 */

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Description = Type.String({ maxLength: 2000 });
const SortOrder = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'lower first' });
/** A category's or group's name and description in the other interface languages (the Japanese fields' limits). */
const NameTranslations = translationsOf(100);
const DescriptionTranslations = translationsOf(2000);
/** What a category, a group and their menu entries carry beside the Japanese (absent on data written before). */
const TranslatedTexts = {
  name_i18n: Type.Optional(NameTranslations),
  description_i18n: Type.Optional(DescriptionTranslations),
};

// ---- Categories ----

export const NewCategoryBody = Type.Object(
  {
    name: Name,
    slug: Type.Optional(Slug),
    description: Type.Optional(Description),
    sort_order: Type.Optional(SortOrder),
    ...TranslatedTexts,
  },
  {
    additionalProperties: false,
    description: 'slug from the §5 slug helper of the name when absent; sort_order after the last when absent',
  },
);
export type NewCategoryBody = Static<typeof NewCategoryBody>;

export const CategoryPatch = Type.Partial(NewCategoryBody, { additionalProperties: false, minProperties: 1 });
export type CategoryPatch = Static<typeof CategoryPatch>;

export const Category = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  ...TranslatedTexts,
  sort_order: Type.Integer(),
  group_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Category = Static<typeof Category>;

export const CategoryReply = Type.Object({ ok: Type.Literal(true), category: Category });
export type CategoryReply = Static<typeof CategoryReply>;
export const CategoryListReply = Type.Object({ ok: Type.Literal(true), categories: Type.Array(Category) });
export type CategoryListReply = Static<typeof CategoryListReply>;

/** A character named by id and name (the paste preview's characters). */
const NamedCharacter = Type.Object({ id: Type.String(), name: Type.String() });

/** One group a paste creates: the original's name, texts and order under a new id. */
export const PastePlanGroup = Type.Object({
  source_group_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  ...TranslatedTexts,
  sort_order: Type.Integer(),
  characters: Type.Array(NamedCharacter, {
    description:
      'listed in the original group; they stay there (a character is in one group only), so the copy starts empty',
  }),
});
export type PastePlanGroup = Static<typeof PastePlanGroup>;

/** POST categories/:category_id/paste/preview: what the paste would create, from the same plan the paste writes. */
export const CategoryPastePreviewReply = Type.Object({
  ok: Type.Literal(true),
  source: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
  category: Type.Object({
    name: Type.String(),
    slug: Type.String({ description: 'the first free {slug}-copy, {slug}-copy-2, …; the menu page /theme/{slug}' }),
    description: Type.String(),
    ...TranslatedTexts,
    sort_order: Type.Integer({ description: 'after the last category' }),
  }),
  groups: Type.Array(PastePlanGroup),
});
export type CategoryPastePreviewReply = Static<typeof CategoryPastePreviewReply>;

// ---- Groups ----

export const NewGroupBody = Type.Object(
  {
    category_id: ShortId,
    name: Name,
    description: Type.Optional(Description),
    sort_order: Type.Optional(SortOrder),
    ...TranslatedTexts,
  },
  { additionalProperties: false },
);
export type NewGroupBody = Static<typeof NewGroupBody>;

/** POST /full/categories/:id/groups: the category comes from the path. */
export const NewCategoryGroupBody = Type.Omit(NewGroupBody, ['category_id'], { additionalProperties: false });
export type NewCategoryGroupBody = Static<typeof NewCategoryGroupBody>;

/** A change of a group; category_id moves it to another category. */
export const GroupPatch = Type.Partial(NewGroupBody, { additionalProperties: false, minProperties: 1 });
export type GroupPatch = Static<typeof GroupPatch>;

export const Group = Type.Object({
  id: Type.String(),
  category_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  ...TranslatedTexts,
  sort_order: Type.Integer(),
  character_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Group = Static<typeof Group>;

export const GroupReply = Type.Object({ ok: Type.Literal(true), group: Group });
export type GroupReply = Static<typeof GroupReply>;
export const GroupListReply = Type.Object({ ok: Type.Literal(true), groups: Type.Array(Group) });
export type GroupListReply = Static<typeof GroupListReply>;
export const GroupListQuery = Type.Object({ category_id: Type.Optional(ShortId) }, { additionalProperties: false });
export type GroupListQuery = Static<typeof GroupListQuery>;

// ---- Characters as the taxonomy shows them ----

/** A character with where it is listed (the full area's characters list, a group's characters). */
export const TaxonomyCharacter = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  price: Type.Integer(),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  published_at: Type.Union([Type.String(), Type.Null()]),
  group_id: Type.Union([Type.String(), Type.Null()]),
  group_name: Type.Union([Type.String(), Type.Null()]),
  category_id: Type.Union([Type.String(), Type.Null()]),
  category_name: Type.Union([Type.String(), Type.Null()]),
});
export type TaxonomyCharacter = Static<typeof TaxonomyCharacter>;

export const TaxonomyCharacterReply = Type.Object({ ok: Type.Literal(true), character: TaxonomyCharacter });
export type TaxonomyCharacterReply = Static<typeof TaxonomyCharacterReply>;
export const TaxonomyCharacterListReply = Type.Object({
  ok: Type.Literal(true),
  characters: Type.Array(TaxonomyCharacter),
});
export type TaxonomyCharacterListReply = Static<typeof TaxonomyCharacterListReply>;
export const GroupCharactersReply = Type.Object({
  ok: Type.Literal(true),
  group: Group,
  characters: Type.Array(TaxonomyCharacter),
});
export type GroupCharactersReply = Static<typeof GroupCharactersReply>;

// ---- Path parameters ----

export const TaxonomyIdParams = Type.Object({ id: ShortId });
export type TaxonomyIdParams = Static<typeof TaxonomyIdParams>;
export const PasteCategoryParams = Type.Object({ category_id: ShortId });
export type PasteCategoryParams = Static<typeof PasteCategoryParams>;
export const GroupIdParams = Type.Object({ group_id: ShortId });
export type GroupIdParams = Static<typeof GroupIdParams>;
export const GroupCharacterParams = Type.Object({ group_id: ShortId, character_id: ShortId });
export type GroupCharacterParams = Static<typeof GroupCharacterParams>;
export const ThemeParams = Type.Object({ category: Type.String({ minLength: 1, maxLength: 100 }) });
export type ThemeParams = Static<typeof ThemeParams>;

// ---- The public menu ----

/**
 * A published character on the menu (the fields of the public CharacterSummary
 * a card shows, plus its price). Not Type.Pick of CharacterSummary: index.ts
 * re-exports this file, and the cycle would read it before it is defined.
 */
export const MenuCharacter = Type.Object({
  id: Type.String(),
  name: Type.String(),
  name_i18n: Type.Optional(LabelTranslations),
  slug: Type.String({ description: '/full/chat/{slug}' }),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  price: Price,
  playable: Type.Boolean({ description: 'a published conversation exists' }),
  published_at: Type.String(),
});
export type MenuCharacter = Static<typeof MenuCharacter>;

export const MenuGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  ...TranslatedTexts,
  /** The §5 slug of the name ('' when it has no letter or digit): /theme/{category}/{group slug or id}. */
  slug: Type.String(),
  characters: Type.Array(MenuCharacter),
});
export type MenuGroup = Static<typeof MenuGroup>;

export const MenuCategory = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  ...TranslatedTexts,
  groups: Type.Array(MenuGroup),
});
export type MenuCategory = Static<typeof MenuCategory>;

/** GET /api/catalog/menu: only groups with a published character, only categories with such a group. */
export const CatalogMenu = Type.Object({
  ok: Type.Literal(true),
  categories: Type.Array(MenuCategory),
  ungrouped: Type.Array(MenuCharacter, { description: 'published characters in no (existing) group' }),
});
export type CatalogMenu = Static<typeof CatalogMenu>;

/** GET /api/catalog/theme/:category: one category with its groups that have a published character. */
export const CatalogTheme = Type.Object({ ok: Type.Literal(true), category: MenuCategory });
export type CatalogTheme = Static<typeof CatalogTheme>;
