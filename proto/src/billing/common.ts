import { Type, type Static } from '@sinclair/typebox';

/**
 * The header every money-moving call carries (services/billing/API.md): a
 * repeat with the same key and body answers the first answer.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.String({
    minLength: 8,
    maxLength: 128,
    pattern: '^[A-Za-z0-9_\\-:.]+$',
    description: 'one key per intended charge, grant or use; reuse it to retry safely',
  }),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeaders>;

/** An account id as identity issues them (UUIDs; tests use short names): no spaces, no control characters. */
export const UserId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$' });

export const UserIdParams = Type.Object({ user_id: UserId });
export type UserIdParams = Static<typeof UserIdParams>;

export const AdminUserParams = Type.Object({ id: UserId });
export type AdminUserParams = Static<typeof AdminUserParams>;

/** A page number of a paged list (20 a page). */
export const Page = Type.Integer({ minimum: 1, maximum: 10_000 });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
});

/** Why an operator (or a subscriber) acted: kept with the record and in the audit log. */
export const Reason = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'why an operator acted (kept in the ledger and the audit log)',
});

/** A card kept at the provider (card/info/get). */
export const CardId = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'a card kept at the provider (card/info/get)',
});

/** A one-time card token from the provider's token endpoint. */
export const CardToken = Type.String({
  minLength: 1,
  maxLength: 512,
  description: "a one-time card token from the provider's token endpoint",
});
export type PageQuery = Static<typeof PageQuery>;

/** Integer yen. */
export const Yen = Type.Integer({ minimum: 0, maximum: 10_000_000 });
export const Iso = Type.String({ format: 'date-time' });
