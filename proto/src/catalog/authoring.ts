import { Type, type Static } from '@sinclair/typebox';
import { CharacterTestFiles, TestRunReport, type CharacterTestFile } from './authoring-tests.ts';
import { Character, CharacterSetting } from '../dialogue/character.ts';
import { bounded, withoutDefaults } from './limits.ts';
import { LabelTranslations, Translations } from '../identity/localized.ts';
import { GraphPositions } from './authoring-layout.ts';

/**
 * Admin authoring of characters and settings (services/catalog/API.md,
 * "Characters and settings"). Blocks, import/export and project settings are
 * in the files re-exported at the end.
 */

/** Strings and lists of authoring bodies: generous for texts, but bounded. */
export const AUTHORING_BOUNDS = { maxLength: 5000, maxItems: 1000 };
export const SLUG_MAX = 100;

/** An id in a path or a body (characters, blocks, videos, buttons). */
export const ShortId = Type.String({ minLength: 1, maxLength: 100 });
const NullableShortId = Type.Union([ShortId, Type.Null()]);

/** SPEC §5 masking helper: only the last 3 characters, preceded by asterisks; 3 or fewer are unchanged. */
export function maskSecret(value: string): string {
  if (value.length <= 3) return value;
  return `${'*'.repeat(value.length - 3)}${value.slice(-3)}`;
}

/** Whether a value has the masking helper's shape (asterisks, then at most the last 3 characters): a mask, never a credential. */
export function isMaskedSecret(value: string): boolean {
  return value.length > 3 && /^\*+$/.test(value.slice(0, -3));
}

/** SPEC §5 slug helper: lowercase, non-alphanumerics become hyphens, trimmed, at most 100 characters ('' when nothing is left). */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** A slug as the slug helper makes them (what an admin may type). */
export const Slug = Type.String({
  minLength: 1,
  maxLength: SLUG_MAX,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  description: 'URL name (/full/chat/{slug}): lowercase letters, digits, hyphens',
});
export const Price = Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'price in yen (0 = free)' });

/** The character-level lists of a draft (model.ts CharacterDraft). */
export const AuthoringDraft = Type.Pick(Character, [
  'startButtons',
  'slots',
  'summary',
  'kikiwasure',
  'replacement',
  'random',
  'conversations',
  'synonyms',
]);
export type AuthoringDraft = Static<typeof AuthoringDraft>;

export const AdminCharacterListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100, description: 'part of the name' })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  },
  { additionalProperties: false },
);
export type AdminCharacterListQuery = Static<typeof AdminCharacterListQuery>;
export const AdminPageQuery = Type.Object(
  { page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }) },
  { additionalProperties: false },
);
export type AdminPageQuery = Static<typeof AdminPageQuery>;

const CharacterFields = {
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  price: Type.Integer(),
  group_id: Type.Union([Type.String(), Type.Null()]),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  published_at: Type.Union([Type.String(), Type.Null()]),
  published_version: Type.Integer({ description: '0 = never published' }),
  updated_at: Type.Union([Type.String(), Type.Null()]),
};

export const AdminCharacterListItem = Type.Object({
  ...CharacterFields,
  block_count: Type.Integer(),
  video_count: Type.Integer(),
});
export type AdminCharacterListItem = Static<typeof AdminCharacterListItem>;
export const AdminCharacterList = Type.Object({
  ok: Type.Literal(true),
  characters: Type.Array(AdminCharacterListItem),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});
export type AdminCharacterList = Static<typeof AdminCharacterList>;

/** One character for the admin: its fields, the setting with credentials masked, the draft's lists. */
export const AdminCharacter = Type.Object({
  ...CharacterFields,
  description: Type.String(),
  name_i18n: LabelTranslations,
  description_i18n: Translations,
  created_at: Type.String(),
  setting: CharacterSetting,
  draft: AuthoringDraft,
  draft_differs: Type.Boolean({
    description: 'the draft differs from the published snapshot (false when it was never published)',
  }),
});
export type AdminCharacter = Static<typeof AdminCharacter>;
export const AdminCharacterReply = Type.Object({ ok: Type.Literal(true), character: AdminCharacter });
export type AdminCharacterReply = Static<typeof AdminCharacterReply>;
export const AdminCharacterSummaryReply = Type.Object({ ok: Type.Literal(true), character: AdminCharacterListItem });
export type AdminCharacterSummaryReply = Static<typeof AdminCharacterSummaryReply>;
/** A publish: the character as published and the report of its tests, run against the draft before it went live. */
export const PublishReply = Type.Object({
  ok: Type.Literal(true),
  character: AdminCharacterListItem,
  tests: TestRunReport,
});
export type PublishReply = Static<typeof PublishReply>;

export const AddCharacterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 5000, default: '' }),
    slug: Type.Optional(Slug),
    price: Type.Optional(Price),
    group_id: Type.Optional(NullableShortId),
  },
  { additionalProperties: false },
);
export type AddCharacterBody = Static<typeof AddCharacterBody>;

/** A setting change: any field but character_id; a credential absent or sent back masked is kept, "" clears it. */
export const SettingPatch = withoutDefaults(
  Type.Partial(bounded(Type.Omit(CharacterSetting, ['character_id']), AUTHORING_BOUNDS)),
);
export type SettingPatch = Static<typeof SettingPatch>;
/** A draft change: the lists sent replace the stored ones. */
export const DraftPatch = withoutDefaults(Type.Partial(bounded(AuthoringDraft, AUTHORING_BOUNDS)));
export type DraftPatch = Static<typeof DraftPatch>;

export const UpdateCharacterBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    name_i18n: Type.Optional(LabelTranslations),
    description_i18n: Type.Optional(Translations),
    slug: Type.Optional(Slug),
    price: Type.Optional(Price),
    group_id: Type.Optional(NullableShortId),
    setting: Type.Optional(SettingPatch),
    draft: Type.Optional(DraftPatch),
  },
  { additionalProperties: false },
);
export type UpdateCharacterBody = Static<typeof UpdateCharacterBody>;

/** One problem validateCharacter found (Japanese message; where it is, for a link to the block or video). */
export const CharacterFault = Type.Object({
  code: Type.String(),
  message: Type.String(),
  blockId: Type.Optional(Type.String()),
  videoId: Type.Optional(Type.String()),
  targetId: Type.Optional(Type.String({ description: 'the missing id a dangling reference names' })),
});
export type CharacterFault = Static<typeof CharacterFault>;
export const FaultsReply = Type.Object({ ok: Type.Literal(true), faults: Type.Array(CharacterFault) });
export type FaultsReply = Static<typeof FaultsReply>;

/**
 * `{id}/all`: the whole draft as the engine's Character (credentials masked)
 * plus its faults. Unsafe: inferring the whole graph inside Fastify's route
 * types is too deep for TypeScript (TS2589); the schema is the same.
 */
export const CharacterAllReply = Type.Unsafe<{
  ok: true;
  character: Character;
  faults: CharacterFault[];
  positions: GraphPositions;
}>(
  Type.Object({
    ok: Type.Literal(true),
    character: Character,
    faults: Type.Array(CharacterFault),
    positions: GraphPositions,
  }),
);
/** `{id}/export`: the draft as a file, credentials emptied, with the character's tests (importable as it is). */
export const CharacterExport = Type.Unsafe<Character & { tests?: CharacterTestFile[] }>({
  ...Character,
  properties: { ...Character.properties, tests: Type.Optional(CharacterTestFiles) },
});
export type CharacterExport = Static<typeof CharacterExport>;

export * from './authoring-blocks.ts';
export * from './authoring-layout.ts';
export * from './authoring-import.ts';
export * from './authoring-tests.ts';
export * from './authoring-versions.ts';
export * from './project.ts';
