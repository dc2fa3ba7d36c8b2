import { Type, type Static } from '@sinclair/typebox';

/** GET /api/dialogue/characters/search: published characters by name and description (Japanese-aware). */
export const CharacterSearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 200 }),
  size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type CharacterSearchQuery = Static<typeof CharacterSearchQuery>;
