import { Type } from '@sinclair/typebox';
import { defineEvent } from '../envelope/index.ts';

const UserId = Type.String({ minLength: 1 });
const Id = Type.String({ minLength: 1 });
const At = Type.String({ format: 'date-time' });
const TicketUseId = Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
  description: "billing's use_id of the ticket the talk used (null: no ticket)",
});

export const TalkStarted = defineEvent(
  'talk.started',
  1,
  Type.Object({
    talk_id: Id,
    user_id: UserId,
    character_id: Id,
    btn: Type.String(),
    ticket_use_id: TicketUseId,
    started_at: At,
  }),
  'A signed-in user started a talk (with the ticket it used, if any).',
);

export const TalkReplied = defineEvent(
  'talk.replied',
  1,
  Type.Object({ talk_id: Id, user_id: UserId, character_id: Id, ticket_use_id: TicketUseId, replied_at: At }),
  "The talk's first step was recorded: its ticket can no longer be released.",
);

export const TalkReleased = defineEvent(
  'talk.released',
  1,
  Type.Object({
    talk_id: Id,
    user_id: UserId,
    character_id: Id,
    ticket_use_id: TicketUseId,
    reason: Type.String(),
    released_at: At,
  }),
  'The talk failed before its first reply; billing gives its ticket back (idempotent on ticket_use_id).',
);

export const TalkEnded = defineEvent(
  'talk.ended',
  1,
  Type.Object({
    talk_id: Id,
    user_id: UserId,
    character_id: Id,
    reason: Type.String(),
    total_billed_time: Type.Number({ minimum: 0 }),
    ended_at: At,
  }),
  "A talk ended; total_billed_time is the engine's totalBilledTime in seconds.",
);

export const dialogueEvents = [TalkStarted, TalkReplied, TalkReleased, TalkEnded];
