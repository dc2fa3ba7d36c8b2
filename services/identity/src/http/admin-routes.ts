import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OkBody } from '@talkwith/proto';
import {
  AdminEmailChangeBody,
  AdminMailQuery,
  AdminPasswordChangeBody,
  AdminProfileBody,
  AdminUserBody,
  AdminUserQuery,
  UserIdParams,
  UserReply,
} from '@talkwith/proto/identity';
import type { AccountsDeps } from '../accounts/deps.ts';
import { getMe } from '../accounts/account.ts';
import {
  adminChangeEmail,
  adminChangePassword,
  adminDeleteUser,
  adminUpdateProfile,
  createUser,
  listUsers,
} from '../accounts/admin.ts';
import { requireAdmin } from './auth-guard.ts';

/** Admin user management (SPEC.md §6, §7 Users). Every action is audited through `admin.acted`. */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', async (req) => {
    req.admin = await requireAdmin(req);
  });

  app.get(
    '/api/admin/users',
    { schema: { summary: 'Users, paged, by address or part of an address or nickname', querystring: AdminUserQuery } },
    async (req) => ({
      ok: true as const,
      ...(await listUsers(deps, req.query)),
    }),
  );

  app.post(
    '/api/admin/users',
    {
      schema: {
        summary: 'Add a user with roles, the address taken as confirmed',
        body: AdminUserBody,
        response: { 201: UserReply },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return { ok: true as const, user: await createUser(deps, req.admin.sub, req.body) };
    },
  );

  app.get(
    '/api/admin/users/:id',
    { schema: { summary: 'One user', params: UserIdParams, response: { 200: UserReply } } },
    async (req) => ({
      ok: true as const,
      user: await getMe(deps, req.params.id),
    }),
  );

  // SPEC.md §7 names both paths for the same edit.
  for (const url of ['/api/admin/users/:id', '/api/admin/users/profile/:id']) {
    app.put(
      url,
      {
        schema: {
          summary: "Edit a user's profile",
          params: UserIdParams,
          body: AdminProfileBody,
          response: { 200: UserReply },
        },
      },
      async (req) => ({
        ok: true as const,
        user: await adminUpdateProfile(deps, req.admin.sub, req.params.id, req.body),
      }),
    );
  }

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'Delete a user (other services erase their data on user.deleted)',
        params: UserIdParams,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      await adminDeleteUser(deps, req.admin.sub, req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/password_change',
    { schema: { summary: "Set a user's password", body: AdminPasswordChangeBody, response: { 200: OkBody } } },
    async (req) => {
      await adminChangePassword(deps, req.admin.sub, req.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/email_change',
    {
      schema: {
        summary: "Change a user's e-mail address",
        body: AdminEmailChangeBody,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      await adminChangeEmail(deps, req.admin.sub, req.body);
      return { ok: true as const };
    },
  );

  // The mail outbox: in standalone mode this is how a newcomer reads the confirmation mail.
  app.get(
    '/api/admin/mail',
    {
      schema: {
        summary: 'The mail outbox (standalone: how a newcomer reads the confirmation mail)',
        querystring: AdminMailQuery,
      },
    },
    async (req) => ({
      ok: true as const,
      mails: await deps.mail.recent({ ...(req.query.to ? { to: req.query.to } : {}), limit: req.query.limit }),
    }),
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    admin: { sub: string; roles: string[] };
  }
}
