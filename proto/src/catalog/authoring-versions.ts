import { Type, type Static } from '@sinclair/typebox';

/**
 * Published versions of a character (services/catalog/API.md, "Versions"):
 * every publish is kept; a field-level diff between a version (or the live
 * one) and the draft; restoring a version writes the draft only.
 */

export const PublishBody = Type.Object(
  {
    note: Type.Optional(
      Type.String({ maxLength: 500, description: "what this version changes, in the operator's words" }),
    ),
    force: Type.Optional(
      Type.Boolean({ description: 'publish even though a test of the character fails (the operator confirmed)' }),
    ),
  },
  { additionalProperties: false },
);
export type PublishBody = Static<typeof PublishBody>;

export const CharacterVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  published_at: Type.String(),
  published_by: Type.Union([Type.String(), Type.Null()], {
    description: 'the admin who published it (null: published before versions were kept)',
  }),
  note: Type.String(),
  live: Type.Boolean({ description: 'the version players run now' }),
});
export type CharacterVersion = Static<typeof CharacterVersion>;
export const CharacterVersionsReply = Type.Object({
  ok: Type.Literal(true),
  versions: Type.Array(CharacterVersion, { description: 'newest first' }),
});
export type CharacterVersionsReply = Static<typeof CharacterVersionsReply>;

export const CharacterVersionParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});
export type CharacterVersionParams = Static<typeof CharacterVersionParams>;

export const CharacterDiffQuery = Type.Object(
  {
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description: 'compare this version with the draft (default: the live version)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CharacterDiffQuery = Static<typeof CharacterDiffQuery>;

/** One field that differs: its key (the console names it in words) and both values; a credential's values are never sent. */
export const FieldChange = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  secret: Type.Optional(Type.Boolean({ description: 'a credential: values left out' })),
});
export type FieldChange = Static<typeof FieldChange>;

const Named = { id: Type.String(), title: Type.String({ description: "the block's title or the clip's file name" }) };
export const ItemChanges = Type.Object({
  added: Type.Array(Type.Object(Named)),
  removed: Type.Array(Type.Object(Named)),
  changed: Type.Array(Type.Object({ ...Named, fields: Type.Array(FieldChange) })),
});
export type ItemChanges = Static<typeof ItemChanges>;

export const CharacterDiff = Type.Object({
  from_version: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the version compared (null: never published, everything is new)',
  }),
  same: Type.Boolean({ description: 'the draft is what that version holds' }),
  blocks: ItemChanges,
  videos: ItemChanges,
  settings: Type.Array(FieldChange),
  lists: Type.Array(FieldChange, { description: 'character-level lists (start buttons, slots, summary, …)' }),
  names: Type.Object(
    { blocks: Type.Record(Type.String(), Type.String()), videos: Type.Record(Type.String(), Type.String()) },
    { description: "titles of either side's blocks and clips by id (the draft's winning), for values that name them" },
  ),
});
export type CharacterDiff = Static<typeof CharacterDiff>;
export const CharacterDiffReply = Type.Object({ ok: Type.Literal(true), diff: CharacterDiff });
export type CharacterDiffReply = Static<typeof CharacterDiffReply>;
