import { Type, type Static } from '@sinclair/typebox';

/** GET /api/billing/wallet: the caller's points and talk tickets (a wallet is opened lazily, never 404). */
export const WalletReply = Type.Object({
  ok: Type.Literal(true),
  points: Type.Integer({ minimum: 0, description: 'points the caller holds' }),
  talk_tickets: Type.Integer({ minimum: 0, description: 'talk tickets the caller holds' }),
  next_expiry: Type.Optional(
    Type.Object(
      {
        tickets: Type.Optional(
          Type.Object({ count: Type.Integer({ minimum: 1 }), expires_at: Type.String({ format: 'date-time' }) }),
        ),
        points: Type.Optional(
          Type.Object({ points: Type.Integer({ minimum: 1 }), expires_at: Type.String({ format: 'date-time' }) }),
        ),
      },
      { description: 'the soonest expiring lot of each' },
    ),
  ),
});
export type WalletReply = Static<typeof WalletReply>;
