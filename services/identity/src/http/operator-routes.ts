import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OkBody } from '@talkwith/proto';
import {
  OperatorInviteBody,
  OperatorInviteReply,
  OperatorRoleBody,
  OperatorsReply,
  SuspendBody,
  UserIdParams,
  UserReply,
} from '@talkwith/proto/identity';
import type { AccountsDeps } from '../accounts/deps.ts';
import { inviteOperator, listOperators, revokeOperator, setOperatorRole } from '../accounts/operators.ts';
import { suspendUser, unsuspendUser } from '../accounts/suspension.ts';
import { requireAdmin } from './auth-guard.ts';

/**
 * Operators (who may use the console) and suspension (SPEC.md §6). Each write
 * is audited through `admin.acted`; the last active admin is kept (409).
 */
export const operatorRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', async (req) => {
    req.admin = await requireAdmin(req);
  });

  app.get(
    '/api/admin/operators',
    { schema: { summary: 'Operators and their roles', response: { 200: OperatorsReply } } },
    async () => ({
      ok: true as const,
      operators: await listOperators(deps),
    }),
  );

  app.post(
    '/api/admin/operators',
    {
      schema: {
        summary: 'Invite an operator by e-mail: a confirmed account is promoted, an unknown address mailed a link',
        body: OperatorInviteBody,
        response: { 201: OperatorInviteReply },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return { ok: true as const, ...(await inviteOperator(deps, req.admin.sub, req.body.email)) };
    },
  );

  app.put(
    '/api/admin/operators/:id/role',
    {
      schema: {
        summary: "Change an operator's role (never leaves no admin)",
        params: UserIdParams,
        body: OperatorRoleBody,
      },
    },
    async (req) => ({
      ok: true as const,
      operator: await setOperatorRole(deps, req.admin.sub, req.params.id, req.body.role),
    }),
  );

  app.delete(
    '/api/admin/operators/:id',
    {
      schema: {
        summary: "Remove an operator's role (never the last admin)",
        params: UserIdParams,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      await revokeOperator(deps, req.admin.sub, req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      schema: {
        summary: 'Suspend an account: its sessions end and it cannot log in',
        params: UserIdParams,
        body: SuspendBody,
        response: { 200: UserReply },
      },
    },
    async (req) => ({
      ok: true as const,
      user: await suspendUser(deps, req.admin.sub, req.params.id, req.body.reason),
    }),
  );

  app.post(
    '/api/admin/users/:id/unsuspend',
    { schema: { summary: 'Lift a suspension', params: UserIdParams, response: { 200: UserReply } } },
    async (req) => ({
      ok: true as const,
      user: await unsuspendUser(deps, req.admin.sub, req.params.id),
    }),
  );
};
