import { Type, type Static } from '@sinclair/typebox';
import { MatchKind, StepVia, UNMATCHED_TEXT_MAX, UnmatchedReason } from './io.ts';
import { DialogueId } from './recognition.ts';

/**
 * Insight (services/dialogue/API.md § Insight): where users get stuck with a
 * character and what they said that it could not answer. Days are Japan
 * calendar days; a period is `from`..`to`, both included.
 */

const At = Type.String({ format: 'date-time' });
const Count = Type.Integer({ minimum: 0 });
const JapanDay = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'YYYY-MM-DD, Japan time',
});

/** POST /api/dialogue/unmatched (public, rate-limited per address): an utterance the character could not answer. */
export const UnmatchedRequest = Type.Object(
  {
    character_id: DialogueId,
    block_id: DialogueId,
    text: Type.String({ minLength: 1, maxLength: UNMATCHED_TEXT_MAX }),
    reason: UnmatchedReason,
    best_score: Type.Optional(
      Type.Number({ description: 'the best search or SPJ score the utterance got, too low to answer' }),
    ),
    nearest_block_id: Type.Optional(DialogueId),
  },
  { additionalProperties: false },
);
export type UnmatchedRequest = Static<typeof UnmatchedRequest>;
export const UnmatchedReply = Type.Object({ ok: Type.Literal(true) });

export const InsightParams = Type.Object({ character_id: DialogueId });
export type InsightParams = Static<typeof InsightParams>;

/** The period: `to` defaults to today, `from` to six days before `to` (a week); at most 366 days. */
export const InsightRangeQuery = Type.Object(
  {
    from: Type.Optional(JapanDay),
    to: Type.Optional(JapanDay),
  },
  { additionalProperties: false },
);
export type InsightRangeQuery = Static<typeof InsightRangeQuery>;

export const UnmatchedInsightQuery = Type.Object(
  {
    ...InsightRangeQuery.properties,
    block_id: Type.Optional(DialogueId),
  },
  { additionalProperties: false },
);
export type UnmatchedInsightQuery = Static<typeof UnmatchedInsightQuery>;

/** Steps of a block by how it was entered; `unknown` counts steps of players that did not say. */
export const ViaCounts = Type.Record(Type.Union([StepVia, Type.Literal('unknown')]), Count);
export type ViaCounts = Static<typeof ViaCounts>;

/** The period's steps led by an utterance, by how it was understood (surface, reading, base form, synonym, search, score); players that did not say are left out. */
export const MatchCounts = Type.Record(MatchKind, Count, {
  description: 'steps by how the utterance that led to them was understood',
});
export type MatchCounts = Static<typeof MatchCounts>;

export const BlockFigures = Type.Object({
  block_id: DialogueId,
  entries: Type.Integer({ minimum: 0, description: 'tracked steps into the block' }),
  via: ViaCounts,
  completed: Type.Integer({
    minimum: 0,
    description: 'talks that ended `completed` while in this block (a final block reached)',
  }),
  dropped: Type.Integer({
    minimum: 0,
    description:
      'talks whose last step was this block and that ended otherwise, or were abandoned (no step for 30 minutes, no end)',
  }),
  median_ms: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
    description: "median time from a step into this block to the talk's next step; null without a next step",
  }),
});
export type BlockFigures = Static<typeof BlockFigures>;

/** Consecutive steps of one talk: the editor colours its graph's arrows with them. */
export const InsightEdge = Type.Object({ from: DialogueId, to: DialogueId, count: Count });
export type InsightEdge = Static<typeof InsightEdge>;

export const BlockInsightReply = Type.Object({
  ok: Type.Literal(true),
  character_id: DialogueId,
  from: JapanDay,
  to: JapanDay,
  talks: Type.Integer({ minimum: 0, description: 'talks with at least one step in the period' }),
  blocks: Type.Array(BlockFigures, { description: 'most entered first' }),
  edges: Type.Array(InsightEdge, { description: 'most followed first' }),
  matches: Type.Optional(MatchCounts),
});
export type BlockInsightReply = Static<typeof BlockInsightReply>;

export const TextCount = Type.Object({ text: Type.String(), count: Count });
export const BlockCount = Type.Object({ block_id: DialogueId, count: Count });

/** Utterances that mean the same after normalisation, near-duplicates merged. */
export const UnmatchedGroup = Type.Object({
  text: Type.String({ description: 'the most frequent variant: what "add as hit word" would add' }),
  count: Count,
  variants: Type.Array(TextCount, { description: 'as users said them, most frequent first' }),
  blocks: Type.Array(BlockCount, { description: 'where they were said, most first' }),
  last_at: At,
  resolved: Type.Optional(
    Type.Boolean({
      description:
        'true: the published character would now understand the text (a hit word or synonym said by surface, reading or base form, e.g. added from insight): shown only on request',
    }),
  ),
  best_score: Type.Optional(
    Type.Union([Type.Number(), Type.Null()], {
      description:
        'the best search or SPJ score any of its utterances got, too low to answer; null: none reported (a hit-word miss, an older player)',
    }),
  ),
  nearest_block_id: Type.Optional(
    Type.Union([DialogueId, Type.Null()], { description: 'the candidate block of that best search hit; null: none' }),
  ),
});
export type UnmatchedGroup = Static<typeof UnmatchedGroup>;

/** Over the last 7 Japan days: final utterances that found a route against those that did not. */
export const InsightCoverage = Type.Object({
  from: JapanDay,
  to: JapanDay,
  matched: Type.Integer({ minimum: 0, description: 'steps entered via hitWord, search, score or valid' }),
  unmatched: Type.Integer({
    minimum: 0,
    description: 'stored unmatched utterances, without those that asked for serial-locked content',
  }),
  locked: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'utterances that contain a hit word of a serial-locked block: content the user has not unlocked, not a gap in understanding',
    }),
  ),
  share: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: 'matched / (matched + unmatched); null when both are 0',
  }),
});
export type InsightCoverage = Static<typeof InsightCoverage>;

export const UnmatchedInsightReply = Type.Object({
  ok: Type.Literal(true),
  character_id: DialogueId,
  from: JapanDay,
  to: JapanDay,
  groups: Type.Array(UnmatchedGroup, { description: 'largest first' }),
  locked_groups: Type.Optional(
    Type.Array(UnmatchedGroup, {
      description:
        'utterances of the period that asked for serial-locked content (a hit word of a locked block), largest first; not counted as not understood',
    }),
  ),
  coverage: InsightCoverage,
  recognition_version: Type.Integer({
    minimum: 0,
    description:
      'the published version the groups were judged against (resolved, locked); 0 = none known yet. It follows a publish by an event, so just after one it may still be the version before',
  }),
});
export type UnmatchedInsightReply = Static<typeof UnmatchedInsightReply>;

/** GET /api/admin/insight/:character_id/matched: the period's understood utterances, grouped, a page at a time. */
export const MatchedInsightQuery = Type.Object(
  {
    ...InsightRangeQuery.properties,
    block_id: Type.Optional(DialogueId),
    match: Type.Optional(MatchKind),
    sort: Type.Union([Type.Literal('count'), Type.Literal('count_asc'), Type.Literal('recent')], {
      default: 'count',
      description: 'count: most said first (default); count_asc: least said first; recent: last said first',
    }),
    page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  },
  { additionalProperties: false },
);
export type MatchedInsightQuery = Static<typeof MatchedInsightQuery>;

/** One utterance (its normal form) that led into one block in one way: with what, how often, how sure. */
export const MatchedGroup = Type.Object({
  text: Type.String({ description: 'the most frequent variant as said' }),
  count: Count,
  variants: Type.Array(TextCount, { description: 'as users said them, most frequent first (at most 5)' }),
  block_id: DialogueId,
  match: MatchKind,
  word: Type.Union([Type.String(), Type.Null()], { description: 'the hit word it matched; null: a search or score' }),
  synonym: Type.Union([Type.String(), Type.Null()], {
    description: "match synonym: the operator's synonym that was said; else null",
  }),
  score: Type.Union([Type.Object({ mean: Type.Number(), max: Type.Number() }), Type.Null()], {
    description: 'the search or SPJ scores that carried it; null: a hit word',
  }),
  last_at: At,
});
export type MatchedGroup = Static<typeof MatchedGroup>;

export const MatchedInsightReply = Type.Object({
  ok: Type.Literal(true),
  character_id: DialogueId,
  from: JapanDay,
  to: JapanDay,
  steps: Type.Integer({ minimum: 0, description: 'understood steps read (at most the 20,000 most recent)' }),
  total: Type.Integer({ minimum: 0, description: 'groups in all pages' }),
  page: Type.Integer({ minimum: 1 }),
  per_page: Type.Integer({ minimum: 1 }),
  groups: Type.Array(MatchedGroup, { description: 'this page, in the order asked' }),
});
export type MatchedInsightReply = Static<typeof MatchedInsightReply>;
