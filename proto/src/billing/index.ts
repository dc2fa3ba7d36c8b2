import { Type, type Static } from '@sinclair/typebox';

/** Billing HTTP contract (SPEC.md §7 Billing): the caller's balances. */
export const WalletReply = Type.Object({
  ok: Type.Literal(true),
  points: Type.Integer({ minimum: 0, description: 'points the caller holds' }),
  talk_tickets: Type.Integer({ minimum: 0, description: 'talk tickets the caller holds' }),
});
export type WalletReply = Static<typeof WalletReply>;
