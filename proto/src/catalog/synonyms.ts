import { Type, type Static } from '@sinclair/typebox';
import { SynonymGroup } from '../dialogue/character.ts';

/**
 * The operator's synonym groups of a character (admin, services/catalog/API.md
 * § Synonyms): kept in the draft, published with the character, used by the
 * dialogue service's understanding. Candidates come from an open dictionary.
 */

/** PUT /api/admin/characters/:id/synonyms: sets one word's synonyms (an empty list removes the group). */
export const SetSynonymsBody = Type.Object(
  {
    word: SynonymGroup.properties.word,
    synonyms: SynonymGroup.properties.synonyms,
  },
  { additionalProperties: false },
);
export type SetSynonymsBody = Static<typeof SetSynonymsBody>;

export const SynonymsReply = Type.Object({
  ok: Type.Literal(true),
  synonyms: Type.Array(SynonymGroup, { description: 'every group of the draft' }),
});
export type SynonymsReply = Static<typeof SynonymsReply>;

/** POST /api/admin/characters/:id/synonyms/candidates: words to propose synonyms for (none = every hit word of the draft). */
export const SynonymCandidatesBody = Type.Object(
  {
    words: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type SynonymCandidatesBody = Static<typeof SynonymCandidatesBody>;

export const SynonymSource = Type.Object({
  package: Type.String({ description: 'the npm package the vendored groups were made from' }),
  version: Type.String(),
  license: Type.String(),
  copyright: Type.String(),
});
export type SynonymSource = Static<typeof SynonymSource>;

export const SynonymCandidatesReply = Type.Object({
  ok: Type.Literal(true),
  candidates: Type.Array(SynonymGroup, {
    description: "per word, the dictionary's synonyms it does not have yet (words without any are left out)",
  }),
  source: SynonymSource,
});
export type SynonymCandidatesReply = Static<typeof SynonymCandidatesReply>;
