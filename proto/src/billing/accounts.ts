import { Type, type Static } from '@sinclair/typebox';
import { Iso } from './common.ts';

/**
 * GET /api/admin/full/users/:id/account: what billing knows of an account
 * (services/billing/API.md § Accounts). A deleted account keeps this record,
 * so an operator can still tell its money records apart from an unknown id.
 */
export const AdminAccountReply = Type.Object({
  ok: Type.Literal(true),
  user_id: Type.String(),
  registered_at: Iso,
  deleted_at: Type.Union([Iso, Type.Null()], {
    description: 'when identity deleted the account; null while it exists',
  }),
});
export type AdminAccountReply = Static<typeof AdminAccountReply>;
