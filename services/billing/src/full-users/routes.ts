import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { AdminUserParams, FullUserReply, FullUsersQuery, FullUsersReply } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { fullUser, listFullUsers } from './queries.ts';

const tags = ['billing', 'admin'];

/** API.md § Full area users: SPEC.md §7 full users(/{id}). */
export const fullUserRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/admin/full/users',
    {
      schema: {
        tags,
        summary: 'Admin: accounts billing knows (deleted ones too), newest first, with wallet totals and plan status',
        querystring: FullUsersQuery,
        response: { 200: FullUsersReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listFullUsers(platform.store, request.query, new Date());
    },
  );
  api.get(
    '/api/admin/full/users/:id',
    {
      schema: {
        tags,
        summary: 'Admin: one account with its wallet, subscriptions and what it paid',
        params: AdminUserParams,
        response: { 200: FullUserReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return fullUser(platform.store, request.params.id, new Date());
    },
  );
};
