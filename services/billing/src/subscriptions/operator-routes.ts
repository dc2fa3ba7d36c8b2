import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminSubscriptionReply,
  AdminUserSubscriptionsReply,
  IdempotencyHeaders,
  InsertSubscriptionBody,
  SubscriptionReply,
  UpdateSubscriptionBody,
  UserIdParams,
} from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { createForAdmin, subscriptionsForAdmin, updateForAdmin } from './operator.ts';
import { callOf, requireIdempotencyKey } from './routes.ts';

const tags = ['billing', 'subscriptions', 'admin'];

/** API.md § Subscriptions, operators: SPEC.md §7 subscriptions create, update, {user_id}. */
export const operatorSubscriptionRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const money = { preValidation: requireIdempotencyKey };

  api.post(
    '/api/admin/subscriptions/create',
    {
      ...money,
      schema: {
        tags,
        summary: 'Admin: record a subscription for a live account without a charge (audited)',
        headers: IdempotencyHeaders,
        body: InsertSubscriptionBody,
        response: { 201: SubscriptionReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const answer = await createForAdmin(
        deps,
        admin.sub,
        request.body,
        callOf('subscription.create', admin.sub, request.headers['idempotency-key'], request.body),
        new Date(),
      );
      return reply.code(201).send(answer.body);
    },
  );

  api.post(
    '/api/admin/subscriptions/update',
    {
      ...money,
      schema: {
        tags,
        summary:
          'Admin: cancel, resume, finish, move the period end or the group of a subscription through the state machine, without a charge (audited)',
        headers: IdempotencyHeaders,
        body: UpdateSubscriptionBody,
        response: { 200: AdminSubscriptionReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return (
        await updateForAdmin(
          deps,
          admin.sub,
          request.body,
          callOf('subscription.update', admin.sub, request.headers['idempotency-key'], request.body),
          new Date(),
        )
      ).body;
    },
  );

  api.get(
    '/api/admin/subscriptions/:user_id',
    {
      schema: {
        tags,
        summary: "Admin: a user's subscriptions with notes and cancellation reasons",
        params: UserIdParams,
        response: { 200: AdminUserSubscriptionsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return {
        ok: true as const,
        user_id: request.params.user_id,
        subscriptions: await subscriptionsForAdmin(deps, request.params.user_id),
      };
    },
  );
};
