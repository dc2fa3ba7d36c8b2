import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OkBody } from '@talkwith/proto';
import {
  AdminEmailChangeBody, AdminPasswordChangeBody, AdminUserQuery, ProfileBody, PublicUser, Role, SignupBody,
} from '@talkwith/proto/identity';
import type { AccountsDeps } from '../accounts/deps.ts';
import { getMe } from '../accounts/account.ts';
import {
  adminChangeEmail, adminChangePassword, adminDeleteUser, adminUpdateProfile, createUser, listUsers,
} from '../accounts/admin.ts';
import { requireAdmin } from './auth-guard.ts';

const UserReply = Type.Object({ ok: Type.Literal(true), user: PublicUser });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const AdminUserBody = Type.Composite([SignupBody, Type.Object({ roles: Type.Optional(Type.Array(Role, { minItems: 1 })) })], { additionalProperties: false });
const AdminProfileBody = Type.Composite([ProfileBody, Type.Object({ roles: Type.Optional(Type.Array(Role, { minItems: 1 })) })], { additionalProperties: false });
const MailQuery = Type.Object({ to: Type.Optional(Type.String()), limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) });

/** Admin user management (SPEC.md §6, §7 Users). Every action is audited through `admin.acted`. */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', async (req) => {
    req.admin = await requireAdmin(req);
  });

  app.get('/api/admin/users', { schema: { querystring: AdminUserQuery } }, async (req) => ({ ok: true as const, ...(await listUsers(deps, req.query)) }));

  app.post('/api/admin/users', { schema: { body: AdminUserBody, response: { 201: UserReply } } }, async (req, reply) => {
    reply.code(201);
    return { ok: true as const, user: await createUser(deps, req.admin.sub, req.body) };
  });

  app.get('/api/admin/users/:id', { schema: { params: IdParams, response: { 200: UserReply } } }, async (req) => ({
    ok: true as const, user: await getMe(deps, req.params.id),
  }));

  const update = async (req: { params: { id: string }; body: typeof AdminProfileBody.static; admin: { sub: string } }) => ({
    ok: true as const, user: await adminUpdateProfile(deps, req.admin.sub, req.params.id, req.body),
  });
  app.put('/api/admin/users/:id', { schema: { params: IdParams, body: AdminProfileBody, response: { 200: UserReply } } }, update);
  app.put('/api/admin/users/profile/:id', { schema: { params: IdParams, body: AdminProfileBody, response: { 200: UserReply } } }, update);

  app.delete('/api/admin/users/:id', { schema: { params: IdParams, response: { 200: OkBody } } }, async (req) => {
    await adminDeleteUser(deps, req.admin.sub, req.params.id);
    return { ok: true as const };
  });

  app.post('/api/admin/users/password_change', { schema: { body: AdminPasswordChangeBody, response: { 200: OkBody } } }, async (req) => {
    await adminChangePassword(deps, req.admin.sub, req.body);
    return { ok: true as const };
  });

  app.post('/api/admin/users/email_change', { schema: { body: AdminEmailChangeBody, response: { 200: OkBody } } }, async (req) => {
    await adminChangeEmail(deps, req.admin.sub, req.body);
    return { ok: true as const };
  });

  // The mail outbox: in standalone mode this is how a newcomer reads the confirmation mail.
  app.get('/api/admin/mail', { schema: { querystring: MailQuery } }, async (req) => ({
    ok: true as const, mails: await deps.mail.recent({ ...(req.query.to ? { to: req.query.to } : {}), limit: req.query.limit }),
  }));
};

declare module 'fastify' {
  interface FastifyRequest {
    admin: { sub: string; roles: string[] };
  }
}
