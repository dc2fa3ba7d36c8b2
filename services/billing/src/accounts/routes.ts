import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { AdminAccountReply, AdminUserParams } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { accountOf } from './model.ts';
import { callErrors } from '../errors.ts';

/** API.md § Accounts: an operator asks whether an id is an account billing knows, and whether it was deleted (its money records stay). */
export const accountRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/admin/full/users/:id/account',
    {
      schema: {
        tags: ['billing', 'admin'],
        summary: 'Admin: what billing knows of an account (deleted_at for a deleted one)',
        params: AdminUserParams,
        response: { 200: AdminAccountReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const account = await accountOf(platform.store, request.params.id);
      if (!account) throw callErrors.userNotFound();
      return {
        ok: true as const,
        user_id: account._id,
        registered_at: account.registered_at,
        deleted_at: account.deleted_at,
      };
    },
  );
};
