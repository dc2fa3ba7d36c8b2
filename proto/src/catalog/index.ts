import { Type, type Static } from '@sinclair/typebox';
import { PublicCharacter } from '../dialogue/character.ts';
import { LabelTranslations, Translations } from '../identity/localized.ts';

/** Catalog HTTP contract: the character list and the playable character (GET /api/character/{id}/get, /api/characters/by-slug/{slug}). */

export const CharacterSummary = Type.Object({
  id: Type.String(),
  name: Type.String({ description: 'the Japanese name' }),
  name_i18n: Type.Optional(LabelTranslations),
  description: Type.String({ description: 'the Japanese description' }),
  description_i18n: Type.Optional(Translations),
  slug: Type.Union([Type.String(), Type.Null()], {
    description: 'URL name for /full/chat/{slug}; null when the character has none',
  }),
  avatar_url: Type.Union([Type.String(), Type.Null()], { description: 'public URL of the avatar image' }),
  playable: Type.Boolean({ description: 'the character has a conversation the player can run' }),
  published_at: Type.Union([Type.String(), Type.Null()]),
});
export type CharacterSummary = Static<typeof CharacterSummary>;

export const CharacterList = Type.Object({ ok: Type.Literal(true), characters: Type.Array(CharacterSummary) });
export type CharacterList = Static<typeof CharacterList>;

export const CharacterMedia = Type.Object({
  videos: Type.Record(Type.String(), Type.String(), { description: 'video id → public URL' }),
  posters: Type.Record(Type.String(), Type.String(), {
    description:
      "video id → public URL of a still image of the clip's first frame (same pixel size), for the videos that have one: shown until the video plays",
  }),
  subtitles: Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
    description: 'language → subtitle name (video title without .mp4) → public URL of the .vtt',
  }),
});
export type CharacterMedia = Static<typeof CharacterMedia>;

/**
 * A block a serial code unlocks (services/engagement/API.md § Serials) that
 * the caller has not unlocked: it is not in `dialogue`; the player shows its
 * start button as locked.
 */
export const LockedBlock = Type.Object({
  block_id: Type.String(),
  title: Type.String({ description: "the block's title" }),
  title_i18n: Type.Optional(LabelTranslations),
  start_button_title: Type.Union([Type.String(), Type.Null()], {
    description: 'the start button that leads there, if one does',
  }),
  start_button_title_i18n: Type.Optional(LabelTranslations),
});
export type LockedBlock = Static<typeof LockedBlock>;

/**
 * Why the caller is served the whole dialogue (services/catalog/API.md §
 * Serving a character): free, operator (admin), owned (bought), subscribed
 * (a plan of its group), ticket (a ticket use's proof sent as
 * `ticket_use_token`); `preview` when none holds: the store page only;
 * `draft`: an operator trying the unpublished draft (never a ticket, never a talk on the server).
 */
export const CharacterAccess = Type.Union(
  [
    Type.Literal('free'),
    Type.Literal('operator'),
    Type.Literal('owned'),
    Type.Literal('subscribed'),
    Type.Literal('ticket'),
    Type.Literal('preview'),
    Type.Literal('draft'),
  ],
  {
    description:
      'why the caller gets the whole dialogue; preview: only the standby clip, the start buttons and the mic test; draft: an operator trying the draft',
  },
);
export type CharacterAccess = Static<typeof CharacterAccess>;

/** What public routes return: the summary, the public view of the dialogue (no credentials) and the media URLs. */
export const PlayableCharacter = Type.Object({
  ok: Type.Literal(true),
  character: Type.Composite([
    CharacterSummary,
    Type.Object({
      access: CharacterAccess,
      dialogue: PublicCharacter,
      media: CharacterMedia,
      locked: Type.Array(LockedBlock, {
        description: 'serial-locked blocks left out of dialogue for this caller (empty when none)',
      }),
    }),
  ]),
});
export type PlayableCharacter = Static<typeof PlayableCharacter>;

/** GET /api/characters/by-slug/{slug} and /api/character/{id}/get: a ticket use's proof (billing's use_token) opens the whole dialogue for that talk. */
export const PlayableQuery = Type.Object({
  ticket_use_token: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: "use_token of POST /api/talk_tickets for this character (the caller's)",
    }),
  ),
});
export type PlayableQuery = Static<typeof PlayableQuery>;

/** Path parameters: a character by id (players) or URL name, and the admin routes' :id. */
export const CharacterIdParams = Type.Object({ character_id: Type.String({ minLength: 1, maxLength: 100 }) });
export type CharacterIdParams = Static<typeof CharacterIdParams>;
export const CharacterSlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });
export type CharacterSlugParams = Static<typeof CharacterSlugParams>;
export const AdminCharacterParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type AdminCharacterParams = Static<typeof AdminCharacterParams>;

/** POST /api/admin/characters: a new, unpublished character. */
export const NewCharacterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 5000, default: '' }),
  },
  { additionalProperties: false },
);
export type NewCharacterBody = Static<typeof NewCharacterBody>;
export * from './authoring.ts';
export * from './taxonomy.ts';
export * from './media.ts';
export * from './synonyms.ts';
