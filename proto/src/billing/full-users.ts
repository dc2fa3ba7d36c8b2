import { Type, type Static } from '@sinclair/typebox';
import { SubscriptionStatus } from '../events/billing.ts';
import { Iso, PageQuery } from './common.ts';
import { AdminSubscriptionView } from './subscriptions.ts';

/**
 * Admin Full area users (SPEC.md §7 full users(/{id})): the accounts billing
 * knows (projected from identity's events, deleted ones kept) with what they
 * hold and pay. services/billing/API.md § Full area users.
 */

export const FullUsersQuery = Type.Composite(
  [
    PageQuery,
    Type.Object({
      q: Type.Optional(
        Type.String({ maxLength: 254, description: 'part of the e-mail address (any case) or the whole user id' }),
      ),
      deleted: Type.Optional(
        Type.Boolean({ description: 'true: only deleted accounts; false: only live ones; absent: both' }),
      ),
    }),
  ],
  { additionalProperties: false },
);
export type FullUsersQuery = Static<typeof FullUsersQuery>;

export const FullUserRow = Type.Object({
  user_id: Type.String(),
  email: Type.String({ description: "'' when the account was deleted before billing heard of its address" }),
  registered_at: Iso,
  deleted_at: Type.Union([Iso, Type.Null()]),
  talk_tickets: Type.Integer({ minimum: 0, description: "the wallet's cached total" }),
  points: Type.Integer({ minimum: 0 }),
  plan_status: SubscriptionStatus,
});
export type FullUserRow = Static<typeof FullUserRow>;

export const FullUsersReply = Type.Object({
  ok: Type.Literal(true),
  users: Type.Array(FullUserRow),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ minimum: 1 }),
});
export type FullUsersReply = Static<typeof FullUsersReply>;

export const FullUserReply = Type.Object({
  ok: Type.Literal(true),
  user: Type.Object({
    user_id: Type.String(),
    email: Type.String(),
    registered_at: Iso,
    deleted_at: Type.Union([Iso, Type.Null()]),
    date_of_birth: Type.Optional(Type.String()),
  }),
  wallet: Type.Object(
    { talk_tickets: Type.Integer({ minimum: 0 }), points: Type.Integer({ minimum: 0 }) },
    { description: 'unexpired lots now' },
  ),
  subscriptions: Type.Array(AdminSubscriptionView),
  purchases: Type.Object({
    count: Type.Integer({ minimum: 0, description: 'captured or cancelled purchases and charged plan periods' }),
    captured_yen: Type.Integer({ minimum: 0 }),
    refunded_yen: Type.Integer({ minimum: 0 }),
    last_at: Type.Optional(Iso),
  }),
});
export type FullUserReply = Static<typeof FullUserReply>;
