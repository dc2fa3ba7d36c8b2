import { Type, type Static } from '@sinclair/typebox';
import { Iso } from './common.ts';

/** Cancellation reasons (services/billing/API.md § Cancellation reasons): chosen by a subscriber when cancelling, managed by operators. */

export const CancelReasonId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'a cancellation reason (cancel_reasons/list)',
});

/** What a subscriber may write beside the reason chosen. */
export const CancelComment = Type.String({
  minLength: 1,
  maxLength: 500,
  description: "the subscriber's own words (optional, at most 500 characters)",
});

export const CancelReasonLabel = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'what the subscriber reads (Japanese)',
});

export const CancelReasonView = Type.Object({
  reason_id: CancelReasonId,
  label: CancelReasonLabel,
  position: Type.Integer({ minimum: 0, maximum: 10_000, description: 'order in the list, smallest first' }),
});
export type CancelReasonView = Static<typeof CancelReasonView>;

/** cancel_reasons/list: the reasons a subscriber may choose, in order. */
export const CancelReasonsReply = Type.Object({ ok: Type.Literal(true), reasons: Type.Array(CancelReasonView) });
export type CancelReasonsReply = Static<typeof CancelReasonsReply>;

/** The operators' view: retired reasons stay listed (they name past cancellations). */
export const AdminCancelReasonView = Type.Composite([
  CancelReasonView,
  Type.Object({
    retired_at: Type.Union([Iso, Type.Null()], {
      description: 'set: no longer offered to subscribers (counts keep it)',
    }),
    created_at: Iso,
    updated_at: Iso,
  }),
]);
export type AdminCancelReasonView = Static<typeof AdminCancelReasonView>;

export const AdminCancelReasonsReply = Type.Object({
  ok: Type.Literal(true),
  reasons: Type.Array(AdminCancelReasonView),
});
export type AdminCancelReasonsReply = Static<typeof AdminCancelReasonsReply>;

export const AdminCancelReasonReply = Type.Object({ ok: Type.Literal(true), reason: AdminCancelReasonView });
export type AdminCancelReasonReply = Static<typeof AdminCancelReasonReply>;

export const CreateCancelReasonBody = Type.Object(
  {
    label: CancelReasonLabel,
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type CreateCancelReasonBody = Static<typeof CreateCancelReasonBody>;

/** Any of the fields; `retired: false` offers a retired reason again. */
export const UpdateCancelReasonBody = Type.Object(
  {
    label: Type.Optional(CancelReasonLabel),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    retired: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateCancelReasonBody = Static<typeof UpdateCancelReasonBody>;

export const CancelReasonParams = Type.Object({ id: CancelReasonId });
export type CancelReasonParams = Static<typeof CancelReasonParams>;

const JapanDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a Japan day, YYYY-MM-DD' });

/** A period of Japan days, both included (default: the 30 days ending today). */
export const CancelReasonStatsQuery = Type.Object(
  { from: Type.Optional(JapanDay), to: Type.Optional(JapanDay) },
  { additionalProperties: false },
);
export type CancelReasonStatsQuery = Static<typeof CancelReasonStatsQuery>;

export const CancelReasonCount = Type.Object({
  reason_id: Type.Union([CancelReasonId, Type.Null()], {
    description: 'null: cancellations without a reason chosen (operators, older ones)',
  }),
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
});
export type CancelReasonCount = Static<typeof CancelReasonCount>;

export const CancelReasonStatsReply = Type.Object({
  ok: Type.Literal(true),
  from: JapanDay,
  to: JapanDay,
  total: Type.Integer({ minimum: 0 }),
  reasons: Type.Array(CancelReasonCount, {
    description:
      'every reason offered now (0 included), then retired or missing ones that were chosen in the period; most chosen first',
  }),
  comments: Type.Array(Type.Object({ at: Iso, label: Type.String(), text: Type.String() }), {
    description: 'the latest 20 free texts of the period, newest first',
  }),
});
export type CancelReasonStatsReply = Static<typeof CancelReasonStatsReply>;
