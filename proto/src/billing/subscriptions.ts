import { Type, type Static } from '@sinclair/typebox';
import { SubscriptionStatus } from '../events/billing.ts';
import { CancelComment, CancelReasonId } from './cancel-reasons.ts';
import { CardId, CardToken, Iso, PageQuery, Reason, UserId, Yen } from './common.ts';
import { NameTranslations } from './product-texts.ts';

/** The subscriptions area's HTTP bodies and replies (services/billing/API.md § Subscriptions). */

const Id = Type.String({ minLength: 1, maxLength: 64 });

export const PlanCode = Type.Union([Type.Literal('PROD001'), Type.Literal('OTHERS')], {
  description: 'PROD001: TALK WITH 月額プラン; OTHERS: a group plan, bound to one group',
});
export type PlanCode = Static<typeof PlanCode>;

export const PlanView = Type.Object({
  plan_code: PlanCode,
  name: Type.String({ description: 'the Japanese name' }),
  name_i18n: Type.Optional(NameTranslations),
  amount: Yen,
  period_months: Type.Integer({ minimum: 1 }),
  tickets: Type.Integer({ minimum: 0, description: 'talk tickets granted each period' }),
  points: Type.Integer({ minimum: 0, description: 'SU0001 points granted each period' }),
  group_bound: Type.Boolean({ description: 'the plan needs a group_id' }),
});
export type PlanView = Static<typeof PlanView>;

export const PlansReply = Type.Object({ ok: Type.Literal(true), plans: Type.Array(PlanView) });
export type PlansReply = Static<typeof PlansReply>;

export const SubscriptionCardView = Type.Object({ card_id: Type.String(), masked: Type.String() });
export type SubscriptionCardView = Static<typeof SubscriptionCardView>;

export const SubscriptionView = Type.Object({
  subscription_id: Type.String(),
  user_id: Type.String(),
  plan_code: PlanCode,
  name: Type.String({ description: 'the Japanese name' }),
  name_i18n: Type.Optional(NameTranslations),
  status: SubscriptionStatus,
  group_id: Type.Optional(Type.String()),
  amount: Yen,
  period: Type.Integer({ minimum: 0, description: 'how many periods were paid (or granted by an operator)' }),
  period_start: Type.Optional(Iso),
  period_end: Type.Optional(Iso),
  canceled_at: Type.Optional(Iso),
  next_charge_at: Type.Optional(Iso),
  finished_reason: Type.Optional(
    Type.Union([Type.Literal('canceled'), Type.Literal('payment_failed'), Type.Literal('account_deleted')]),
  ),
  card: Type.Optional(SubscriptionCardView),
});
export type SubscriptionView = Static<typeof SubscriptionView>;

export const SubscriptionReply = Type.Object({ ok: Type.Literal(true), subscription: SubscriptionView });
export type SubscriptionReply = Static<typeof SubscriptionReply>;

export const SubscriptionNext = Type.Union([Type.Literal('done'), Type.Literal('challenge'), Type.Literal('pending')], {
  description:
    'done: settled (the subscription says how); challenge: send the browser to challenge_url (3-D Secure); pending: the outcome is being searched, ask again',
});
export type SubscriptionNext = Static<typeof SubscriptionNext>;

/** The answer of a call that may charge a period with a new card (subscribe, resubscribe, subscription/mpi_complete). */
export const SubscriptionFlowReply = Type.Object({
  ok: Type.Literal(true),
  subscription: SubscriptionView,
  next: SubscriptionNext,
  challenge_url: Type.Optional(
    Type.String({
      maxLength: 2048,
      description:
        'the 3-D Secure page (next: challenge); it returns the browser to /payment/process/mpi_complete?order_id=…&kind=subscription',
    }),
  ),
  code: Type.Optional(Type.Literal('PAYMENT_PENDING')),
  message: Type.Optional(Type.String()),
});
export type SubscriptionFlowReply = Static<typeof SubscriptionFlowReply>;

/** subscription/mpi_complete: the browser is back from the 3-D Secure page of a subscription's charge. */
export const SubscriptionOrderBody = Type.Object(
  {
    order_id: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^sub-[A-Za-z0-9_-]+$',
      description: 'the orderId of the period charge (sub-{subscription_id}-{N})',
    }),
  },
  { additionalProperties: false },
);
export type SubscriptionOrderBody = Static<typeof SubscriptionOrderBody>;

export const SubscriptionsReply = Type.Object({ ok: Type.Literal(true), subscriptions: Type.Array(SubscriptionView) });
export type SubscriptionsReply = Static<typeof SubscriptionsReply>;

/** At most one of card_id (a saved card, no 3-D Secure) and token (a new card: 3-D Secure, kept as the recurring card); neither: the default card. */
export const SubscribeBody = Type.Object(
  {
    plan_code: PlanCode,
    card_id: Type.Optional(CardId),
    token: Type.Optional(CardToken),
    group_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type SubscribeBody = Static<typeof SubscribeBody>;

/** reason_id: one of cancel_reasons/list (the subscriber's choice); reason: free text (the subscriber's words, or an operator's note). */
export const CancelSubscriptionBody = Type.Object(
  {
    subscription_id: Id,
    reason_id: Type.Optional(CancelReasonId),
    reason: Type.Optional(CancelComment),
  },
  { additionalProperties: false },
);
export type CancelSubscriptionBody = Static<typeof CancelSubscriptionBody>;

/** card_id or token (a new card, charged with 3-D Secure) when the period is over; neither: the card it had. */
export const ResubscribeBody = Type.Object(
  { subscription_id: Id, card_id: Type.Optional(CardId), token: Type.Optional(CardToken) },
  { additionalProperties: false },
);
export type ResubscribeBody = Static<typeof ResubscribeBody>;

/** SPEC.md §3 change payload: userId, subscriptionId, groupId, cardInfo. */
export const ChangeSubscriptionBody = Type.Object(
  {
    userId: UserId,
    subscriptionId: Id,
    groupId: Id,
    cardInfo: Type.Optional(Type.Object({ card_id: CardId }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type ChangeSubscriptionBody = Static<typeof ChangeSubscriptionBody>;

export const SubscriptionStatusBody = Type.Object(
  {
    user_id: UserId,
    btn_id: Type.String({
      minLength: 1,
      maxLength: 100,
      description: "what the button sells: PROD001 (the monthly plan), else a group id (that group's plan, OTHERS)",
    }),
  },
  { additionalProperties: false },
);
export type SubscriptionStatusBody = Static<typeof SubscriptionStatusBody>;

export const SubscriptionStatusReply = Type.Object({
  ok: Type.Literal(true),
  status: SubscriptionStatus,
  subscription: Type.Optional(SubscriptionView),
  allowed: Type.Boolean({
    description: 'the subscription covering btn_id is active, or cancelled but still inside the paid period',
  }),
});
export type SubscriptionStatusReply = Static<typeof SubscriptionStatusReply>;

/** recurring/*: `card_id` (a saved card of the subscriber's) or, for change_card only, `token` (a new card, checked with 3-D Secure where the provider asks). */
export const RecurringBody = Type.Object(
  { subscription_id: Id, card_id: Type.Optional(CardId), token: Type.Optional(CardToken) },
  { additionalProperties: false },
);
export type RecurringBody = Static<typeof RecurringBody>;

export const RecurringReply = Type.Object({
  ok: Type.Literal(true),
  subscription_id: Type.String(),
  card: Type.Union([SubscriptionCardView, Type.Null()], {
    description: 'the card renewals charge; null: none (the next renewal fails)',
  }),
  next_charge_at: Type.Optional(Iso),
  next: Type.Optional(SubscriptionNext),
  challenge_url: Type.Optional(
    Type.String({
      maxLength: 2048,
      description:
        'change_card with a new card (next: challenge): the 3-D Secure page; it returns the browser to /payment/process/mpi_complete?order_id=cc-…&kind=card',
    }),
  ),
  code: Type.Optional(Type.Literal('PAYMENT_PENDING')),
  message: Type.Optional(Type.String()),
});
export type RecurringReply = Static<typeof RecurringReply>;

/** recurring/change_card/mpi_complete: the browser is back from the 3-D Secure page of a card change. */
export const CardChangeOrderBody = Type.Object(
  {
    order_id: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^cc-[A-Za-z0-9_-]+$',
      description: 'the orderId of the card check (cc-…)',
    }),
  },
  { additionalProperties: false },
);
export type CardChangeOrderBody = Static<typeof CardChangeOrderBody>;

/** Admin: a manual subscription record (no charge, no grant); usable until `period_end`. */
export const InsertSubscriptionBody = Type.Object(
  {
    user_id: UserId,
    plan_code: PlanCode,
    group_id: Type.Optional(Id),
    period_end: Iso,
    note: Reason,
  },
  { additionalProperties: false },
);
export type InsertSubscriptionBody = Static<typeof InsertSubscriptionBody>;

export const AdminSubscriptionsQuery = Type.Composite(
  [
    PageQuery,
    Type.Object({
      status: Type.Optional(SubscriptionStatus),
      user_id: Type.Optional(UserId),
      plan_code: Type.Optional(PlanCode),
    }),
  ],
  { additionalProperties: false },
);
export type AdminSubscriptionsQuery = Static<typeof AdminSubscriptionsQuery>;

export const AdminSubscriptionsReply = Type.Object({
  ok: Type.Literal(true),
  subscriptions: Type.Array(SubscriptionView),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
});
export type AdminSubscriptionsReply = Static<typeof AdminSubscriptionsReply>;

/**
 * Admin subscriptions/update: an operator edits a subscription through the
 * state machine, never charging: `status` canceled (cancel), active (resume a
 * cancelled one inside its period), inactive (finish now); `period_end` and
 * `group_id` (change) on an active one. At least one of the three.
 */
export const UpdateSubscriptionBody = Type.Object(
  {
    subscription_id: Id,
    status: Type.Optional(SubscriptionStatus),
    period_end: Type.Optional(Iso),
    group_id: Type.Optional(Id),
    note: Reason,
  },
  { additionalProperties: false },
);
export type UpdateSubscriptionBody = Static<typeof UpdateSubscriptionBody>;

/** What operators see of a subscription: the subscriber's view plus how it came about and why it was cancelled. */
export const AdminSubscriptionView = Type.Composite([
  SubscriptionView,
  Type.Object({
    note: Type.Optional(Type.String({ description: "the operator's note of the last manual record or edit" })),
    cancel_reason: Type.Optional(
      Type.Object(
        {
          reason_id: Type.Optional(Type.String()),
          label: Type.Optional(Type.String()),
          text: Type.Optional(Type.String()),
        },
        { description: 'while cancelled: the reason chosen and the free text' },
      ),
    ),
    created_at: Iso,
    updated_at: Iso,
  }),
]);
export type AdminSubscriptionView = Static<typeof AdminSubscriptionView>;

export const AdminSubscriptionReply = Type.Object({ ok: Type.Literal(true), subscription: AdminSubscriptionView });
export type AdminSubscriptionReply = Static<typeof AdminSubscriptionReply>;

export const AdminUserSubscriptionsReply = Type.Object({
  ok: Type.Literal(true),
  user_id: Type.String(),
  subscriptions: Type.Array(AdminSubscriptionView),
});
export type AdminUserSubscriptionsReply = Static<typeof AdminUserSubscriptionsReply>;
