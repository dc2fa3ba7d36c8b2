import { Type, type Static } from '@sinclair/typebox';
import { EndReason, MatchKind, StepVia } from './io.ts';
import { ActionDefinition, DialogueId, Utterance } from './recognition.ts';
import { LabelTranslations } from '../identity/localized.ts';

/**
 * The talk and the conversation tracker (services/dialogue/API.md). The user
 * always comes from the token; a `user_id` in a body (SPEC.md §7 names it)
 * must equal the caller's or the call is refused.
 */

const At = Type.String({ format: 'date-time' });
const OptionalUserId = Type.Optional(
  Type.String({ minLength: 1, maxLength: 100, description: 'SPEC.md §7 sends it; must be the caller' }),
);

/** POST /api/dialogue/talks (Idempotency-Key): a talk begins; with the ticket it used when the character needs one. */
export const TalkStartRequest = Type.Object({
  character_id: DialogueId,
  btn: Type.String({ maxLength: 100, description: 'the start button (or "resume", "micTest")' }),
  ticket_use_token: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        "billing's use_token from POST /api/talk_tickets: needed for a priced character the caller does not own or subscribe to (not for btn micTest); the talk records its use_id",
    }),
  ),
  resumed_from: Type.Optional(DialogueId),
});
export type TalkStartRequest = Static<typeof TalkStartRequest>;

/** POST /api/dialogue/talks: the key that makes a retried start return the same talk (per user). */
export const TalkStartHeaders = Type.Object({
  'idempotency-key': Type.String({
    minLength: 8,
    maxLength: 128,
    pattern: '^[A-Za-z0-9_\\-:.]+$',
    description: 'one key per intended talk; a retry with it returns the same talk',
  }),
});
export type TalkStartHeaders = Static<typeof TalkStartHeaders>;

export const TalkStatus = Type.Union([
  Type.Literal('started'),
  Type.Literal('replied'),
  Type.Literal('released'),
  Type.Literal('ended'),
]);
export const Talk = Type.Object({
  talk_id: Type.String(),
  character_id: DialogueId,
  btn: Type.String(),
  status: TalkStatus,
  ticket_use_id: Type.Union([Type.String(), Type.Null()]),
  started_at: At,
  replied_at: Type.Union([At, Type.Null()]),
  ended_at: Type.Union([At, Type.Null()]),
  total_billed_time: Type.Number({ minimum: 0, description: "seconds, the engine's totalBilledTime" }),
});
export type Talk = Static<typeof Talk>;
export const TalkReply = Type.Object({ ok: Type.Literal(true), talk: Talk });

export const TalkParams = Type.Object({ talk_id: Type.String({ minLength: 1, maxLength: 100 }) });
/** POST /api/dialogue/talks/:talk_id/release: the talk failed before its first reply; its ticket goes back. */
export const TalkReleaseRequest = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) });
/** POST /api/dialogue/talks/:talk_id/end. */
export const TalkEndRequest = Type.Object({
  reason: EndReason,
  total_billed_time: Type.Number({ minimum: 0, maximum: 86_400 }),
});

/** POST /api/conversation_tracker (add/upsert): one step of the talk. */
export const TrackStepRequest = Type.Object({
  user_id: OptionalUserId,
  character_id: DialogueId,
  block_id: DialogueId,
  conversation_id: Type.Union([DialogueId, Type.Null()]),
  utterance: Utterance,
  talk_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  via: Type.Optional(StepVia),
  match: Type.Optional(MatchKind),
  match_word: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'match by a hit word: the hit word found' }),
  ),
  match_synonym: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: "match synonym: the operator's synonym that was said" }),
  ),
  match_score: Type.Optional(Type.Number({ description: 'match search or score: the search or SPJ score' })),
});
export type TrackStepRequest = Static<typeof TrackStepRequest>;

/** One tracked step of a conversation, as its owner reads it back: what they said and the block it led to. */
export const ConversationLine = Type.Object({
  at: At,
  block_id: DialogueId,
  block_title: Type.Union([Type.String(), Type.Null()], {
    description: "the block's title in the published character (null: no longer there)",
  }),
  block_title_i18n: Type.Optional(LabelTranslations),
  said: Type.String({ maxLength: 200, description: 'what the user said, cut to 200 characters ("" for a button)' }),
  talk_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type ConversationLine = Static<typeof ConversationLine>;

/** Where a user is with one character. */
export const TrackerState = Type.Object({
  character_id: DialogueId,
  block_id: DialogueId,
  conversation_id: Type.Union([DialogueId, Type.Null()]),
  utterance: Type.String(),
  steps: Type.Integer({ minimum: 0 }),
  updated_at: At,
  conversation: Type.Optional(
    Type.Array(ConversationLine, {
      description:
        'POST /api/history only: the last 50 steps, oldest first (newest last); only ever sent to their owner',
    }),
  ),
});
export type TrackerState = Static<typeof TrackerState>;
export const TrackStepReply = Type.Object({ ok: Type.Literal(true), state: TrackerState });

/** POST /api/conversation_tracker/delete {user_id}: forget where the caller was (all characters, or one). */
export const TrackerDeleteRequest = Type.Object({ user_id: OptionalUserId, character_id: Type.Optional(DialogueId) });
export const TrackerDeleteReply = Type.Object({ ok: Type.Literal(true), deleted: Type.Integer({ minimum: 0 }) });

/** POST /api/history {user_id} → historyState: the caller's place with every character, newest first, each with its conversation. */
export const HistoryRequest = Type.Object({ user_id: OptionalUserId });
export const HistoryReply = Type.Object({ ok: Type.Literal(true), historyState: Type.Array(TrackerState) });

/** POST /api/next_start_block {character_id}: the block a resume starts from, or null (nothing to resume). */
export const NextStartBlockRequest = Type.Object({ user_id: OptionalUserId, character_id: DialogueId });
export const NextStartBlockReply = Type.Object({
  ok: Type.Literal(true),
  block_id: Type.Union([DialogueId, Type.Null()]),
  title: Type.Union([Type.String(), Type.Null()]),
  title_i18n: Type.Optional(LabelTranslations),
  updated_at: Type.Union([At, Type.Null()]),
});
export type NextStartBlockReply = Static<typeof NextStartBlockReply>;

/** POST /api/action {code, character_id?}: an action button by its code. */
export const GetActionRequest = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 100 }),
  character_id: Type.Optional(DialogueId),
});
export const GetActionReply = Type.Object({ ok: Type.Literal(true), action: ActionDefinition });

/** GET /api/dialogue/album/:character_id: what the caller has found of a character. */
export const AlbumParams = Type.Object({ character_id: DialogueId });
export const AlbumBlock = Type.Object({
  block_id: DialogueId,
  title: Type.String(),
  title_i18n: Type.Optional(LabelTranslations),
  how: Type.Union([Type.Literal('played'), Type.Literal('serial')]),
  first_at: At,
  times: Type.Integer({ minimum: 0 }),
});
export type AlbumBlock = Static<typeof AlbumBlock>;
export const AlbumReply = Type.Object({
  ok: Type.Literal(true),
  character_id: DialogueId,
  found: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0, description: 'blocks of the published character' }),
  share: Type.Number({ minimum: 0, maximum: 1 }),
  blocks: Type.Array(AlbumBlock),
});
export type AlbumReply = Static<typeof AlbumReply>;
