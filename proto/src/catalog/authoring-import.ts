import { Type, type Static } from '@sinclair/typebox';
import { Character } from '../dialogue/character.ts';
import { bounded } from './limits.ts';

/** Importing a whole character as JSON (POST /api/admin/characters/jsonUpload) and what it would change. */

/** The largest import body (the one authoring route allowed past the 1 MB default). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** A character file as an import checks it: the proto Character, every string and list bounded, no unknown keys. */
export const ImportCharacter = bounded(Character, { maxLength: 20_000, maxItems: 5000 });
export type ImportCharacter = Static<typeof ImportCharacter>;

export const JsonUploadBody = Type.Object(
  {
    character_id: Type.String({ minLength: 1, maxLength: 100 }),
    dry_run: Type.Boolean({ default: false, description: 'only answer what would change' }),
    character: Type.Unknown({
      description: 'the character file (an export); checked against ImportCharacter with field-level errors',
    }),
  },
  { additionalProperties: false },
);
export type JsonUploadBody = Static<typeof JsonUploadBody>;

const IdChanges = Type.Object({
  added: Type.Array(Type.String()),
  changed: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
});
export const ImportChanges = Type.Object(
  {
    blocks: IdChanges,
    videos: IdChanges,
    settings: Type.Array(Type.String(), { description: 'setting fields that change (credentials named, never shown)' }),
    lists: Type.Array(Type.String(), { description: 'character-level lists that change (startButtons, slots, …)' }),
  },
  { description: "the character's own fields (name, slug, price, group, avatar) are not imported" },
);
export type ImportChanges = Static<typeof ImportChanges>;
export const JsonUploadReply = Type.Object({ ok: Type.Literal(true), dry_run: Type.Boolean(), changes: ImportChanges });
export type JsonUploadReply = Static<typeof JsonUploadReply>;

/** 400 IMPORT_INVALID lists these: where the file differs from the schema. */
export const ImportError = Type.Object({ path: Type.String(), message: Type.String() });
export type ImportError = Static<typeof ImportError>;
