import { Type, type Static } from '@sinclair/typebox';
import { SYNONYM_GROUPS_MAX, SynonymGroup } from './character.ts';
import { HitWordMatch, SearchHit } from './io.ts';
import { TalkLanguage, wordsPerLanguage } from './language.ts';
import { LabelTranslations } from '../identity/localized.ts';

/**
 * Recognition on the server (services/dialogue/API.md): the character's
 * recognition data travels in `character.published`, the player asks the
 * dialogue service to search and score an utterance.
 */

/** A catalog id (character, block, button): url-safe, bounded. */
export const DialogueId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$' });

/** What one utterance may be: bounded so a request never carries a speech transcript of a whole hour. */
export const Utterance = Type.String({ maxLength: 500, description: 'the recognised (or typed) text' });

/** One block as recognition sees it: what the block stands for when an utterance is searched or scored. */
export const RecognitionBlock = Type.Object({
  block_id: DialogueId,
  title: Type.String({ maxLength: 200 }),
  title_i18n: Type.Optional(LabelTranslations),
  phrases: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
    maxItems: 500,
    description: 'hit words (every route), the legacy hit_word list and the title split at ・／/',
  }),
  phrases_i18n: Type.Optional(wordsPerLanguage(500, 200, 'the hit words of every route in the other talk languages')),
  spj_category: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
  listen_next_block: Type.Array(DialogueId, { maxItems: 100 }),
});
export type RecognitionBlock = Static<typeof RecognitionBlock>;

/** A paid or coded action button, as `get action` answers it. */
export const ActionDefinition = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 100, description: "the action code (the button's code, else its id)" }),
  character_id: DialogueId,
  block_id: DialogueId,
  button_id: DialogueId,
  title: Type.String(),
  points: Type.Integer({ minimum: 0, description: 'points the button costs (0 = free)' }),
});
export type ActionDefinition = Static<typeof ActionDefinition>;

/**
 * The recognition part of `character.published` (catalog → dialogue). The
 * SPJ key and the google_key travel only on the internal bus (never in a response or a log).
 */
export const CharacterRecognition = Type.Object({
  es_index_name: Type.String({
    maxLength: 200,
    description: "the character's search index; empty = dialogue names it recognition-{character_id}",
  }),
  spj_url: Type.String({ maxLength: 2000, description: 'empty = the embedded scorer' }),
  spj_api_key: Type.String({
    maxLength: 1000,
    description:
      'sealed (platform/secrets: enc:v1:…, a 500-character key seals to some 720); a value without the prefix is one published before sealing',
  }),
  google_key: Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        "the character's Google Cloud Speech-to-Text API key (server speech-to-text), sealed like spj_api_key; absent or empty = speech cannot be recognised on the server",
    }),
  ),
  blocks: Type.Array(RecognitionBlock, { maxItems: 5000 }),
  actions: Type.Array(ActionDefinition, { maxItems: 5000 }),
  synonyms: Type.Optional(
    Type.Array(SynonymGroup, {
      maxItems: SYNONYM_GROUPS_MAX,
      description: "the character's synonym groups (understanding); absent in a publish before synonyms existed = none",
    }),
  ),
});
export type CharacterRecognition = Static<typeof CharacterRecognition>;

/** POST /api/dialogue/search: rank the candidate blocks of the current block for an utterance. */
export const SearchRequest = Type.Object({
  character_id: DialogueId,
  block_id: DialogueId,
  text: Utterance,
  candidates: Type.Array(DialogueId, {
    maxItems: 200,
    description: "the current block's valid_response_ids (the engine's requestSearch)",
  }),
});
export type SearchRequest = Static<typeof SearchRequest>;
export const SearchReply = Type.Object({ ok: Type.Literal(true), hits: Type.Array(SearchHit) });
export type SearchReply = Static<typeof SearchReply>;

/** POST /api/dialogue/score: SPJ score of an utterance in a block's category. */
export const ScoreRequest = Type.Object({
  character_id: DialogueId,
  block_id: DialogueId,
  text: Utterance,
  category: Type.String({ minLength: 1, maxLength: 200 }),
});
export type ScoreRequest = Static<typeof ScoreRequest>;
export const ScoreReply = Type.Object({
  ok: Type.Literal(true),
  score: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
    description: "null = an empty result (the engine's ladder handles it)",
  }),
  source: Type.Union([Type.Literal('spj'), Type.Literal('embedded')]),
});
export type ScoreReply = Static<typeof ScoreReply>;

/**
 * POST /api/dialogue/understand: the current block's hit words found in an
 * utterance by reading and base form (the engine's requestUnderstand, sent
 * when no hit word is literally in it). The words are the block's phrases as
 * published; the player routes with the matches.
 */
export const UnderstandRequest = Type.Object({
  character_id: DialogueId,
  block_id: DialogueId,
  text: Utterance,
  language: Type.Optional(TalkLanguage),
});
export type UnderstandRequest = Static<typeof UnderstandRequest>;
export const UnderstandReply = Type.Object({
  ok: Type.Literal(true),
  matches: Type.Array(HitWordMatch, { maxItems: 2000 }),
});
export type UnderstandReply = Static<typeof UnderstandReply>;
