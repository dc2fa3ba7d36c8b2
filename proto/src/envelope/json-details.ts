import { Type, type TSchema } from '@sinclair/typebox';

/** How deep free-form details may nest, and how wide each level may be. */
export const DETAILS_MAX_DEPTH = 6;
const MAX_KEYS = 64;
const MAX_ITEMS = 64;
const MAX_TEXT = 2000;

/** JSON nested at most `depth` levels: each level is built from the one below, so deeper input fails the schema. */
function level(depth: number): TSchema {
  const scalar = [Type.String({ maxLength: MAX_TEXT }), Type.Number(), Type.Boolean(), Type.Null()];
  if (depth === 0) return Type.Union(scalar);
  const inner = level(depth - 1);
  return Type.Union([
    ...scalar,
    Type.Array(inner, { maxItems: MAX_ITEMS }),
    Type.Record(Type.String({ maxLength: 64 }), inner, { maxProperties: MAX_KEYS }),
  ]);
}

/**
 * Free-form JSON details (device info on error logs, and the like), bounded in
 * depth and size by the schema itself, so a frame nested thousands of levels
 * deep is refused at the edge instead of reaching a store.
 */
export const JsonDetails = Type.Record(Type.String({ maxLength: 64 }), level(DETAILS_MAX_DEPTH - 1), {
  maxProperties: MAX_KEYS,
  description: `JSON object, at most ${DETAILS_MAX_DEPTH} levels deep, ${MAX_KEYS} keys or items per level, strings up to ${MAX_TEXT} characters`,
});
