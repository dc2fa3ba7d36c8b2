import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminSubscriptionsQuery,
  AdminSubscriptionsReply,
  CancelSubscriptionBody,
  CardChangeOrderBody,
  ChangeSubscriptionBody,
  IdempotencyHeaders,
  InsertSubscriptionBody,
  PlansReply,
  RecurringBody,
  RecurringReply,
  ResubscribeBody,
  SubscribeBody,
  SubscriptionFlowReply,
  SubscriptionOrderBody,
  SubscriptionReply,
  SubscriptionStatusBody,
  SubscriptionStatusReply,
  SubscriptionsReply,
  UserIdParams,
} from '@talkwith/proto/billing';
import { actingUser } from '../caller.ts';
import type { BillingDeps } from '../deps.ts';
import type { IdempotentCall } from '../idempotency.ts';
import { insertForAdmin, listForAdmin } from './admin.ts';
import { changeCardWithToken, completeCardChange } from './card-change.ts';
import { completeSubscriptionChallenge } from './challenge.ts';
import {
  cancelSubscription,
  changeSubscription,
  recurring,
  resubscribe,
  statusOf,
  subscriptionsOf,
  type RecurringAction,
} from './manage.ts';
import { planKey, withNameTranslations } from '../product-texts/index.ts';
import { PLANS } from './plans.ts';
import { startPaidPeriod } from './subscribe.ts';
import { callErrors, subscriptionErrors } from '../errors.ts';

const tags = ['billing', 'subscriptions'];

/** API.md: a money-moving call without its key is 400 IDEMPOTENCY_KEY_REQUIRED (before the schema's generic refusal). */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  if (request.headers['idempotency-key'] === undefined) {
    throw callErrors.keyRequired();
  }
}

export function callOf(scope: string, userId: string, key: string, request: unknown): IdempotentCall {
  return { scope, userId, key, request };
}

/** API.md § Subscriptions. Thin: who acts and with which key; the rest is in subscribe.ts, manage.ts, admin.ts. */
export const subscriptionRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = deps.platform;
  const money = { preValidation: requireIdempotencyKey };

  api.get(
    '/api/billing/plans',
    { schema: { tags, summary: 'The subscription plans sold', response: { 200: PlansReply } } },
    async () => ({
      ok: true as const,
      plans: await withNameTranslations(store, Object.values(PLANS), (p) => planKey(p.plan_code)),
    }),
  );

  api.post(
    '/api/payment/subscription/subscribe',
    {
      ...money,
      schema: {
        tags,
        summary: 'Subscribe to a plan: charges the first period once, grants its tickets and points',
        headers: IdempotencyHeaders,
        body: SubscribeBody,
        response: { 200: SubscriptionFlowReply },
      },
    },
    async (request) => {
      const acting = await actingUser(request);
      const { plan_code: planCode, card_id: cardId, token, group_id: groupId } = request.body;
      const answer = await startPaidPeriod(
        deps,
        {
          userId: acting.userId,
          planCode,
          reason: 'subscribe',
          call: callOf('subscription.subscribe', acting.userId, request.headers['idempotency-key'], request.body),
          ...(cardId ? { cardId } : {}),
          ...(token ? { token } : {}),
          ...(groupId ? { groupId } : {}),
        },
        new Date(),
      );
      return answer.body; // every success of these calls is 200 (a replay answers the stored one)
    },
  );

  api.post(
    '/api/payment/subscription/mpi_complete',
    {
      schema: {
        tags,
        summary: "Back from the 3-D Secure page of a subscription charge: settle it (once) from the shopper's answer",
        body: SubscriptionOrderBody,
        response: { 200: SubscriptionFlowReply, 202: SubscriptionFlowReply },
      },
    },
    async (request, reply) => {
      const acting = await actingUser(request);
      const answer = await completeSubscriptionChallenge(deps, acting.caller.sub, request.body.order_id, new Date());
      return reply.code(answer.status === 202 ? 202 : 200).send(answer.body);
    },
  );

  api.post(
    '/api/payment/subscription/cancel',
    {
      ...money,
      schema: {
        tags,
        summary: 'Cancel: usable to the end of the paid period, then finished',
        headers: IdempotencyHeaders,
        body: CancelSubscriptionBody,
        response: { 200: SubscriptionReply },
      },
    },
    async (request) => {
      const acting = await actingUser(request);
      const { subscription_id: subscriptionId, reason_id: reasonId, reason } = request.body;
      const answer = await cancelSubscription(
        deps,
        acting,
        { subscriptionId, ...(reasonId ? { reasonId } : {}), ...(reason ? { reason } : {}) },
        callOf('subscription.cancel', acting.caller.sub, request.headers['idempotency-key'], request.body),
        new Date(),
      );
      return answer.body; // every success of these calls is 200 (a replay answers the stored one)
    },
  );

  for (const url of ['/api/payment/subscription/resubscribe', '/api/subscriptions/resubscribe']) {
    api.post(
      url,
      {
        ...money,
        schema: {
          tags,
          summary: 'Resubscribe: before the period end without a charge, after it with a new period charged',
          headers: IdempotencyHeaders,
          body: ResubscribeBody,
          response: { 200: SubscriptionFlowReply },
        },
      },
      async (request) => {
        const acting = await actingUser(request);
        const { subscription_id: subscriptionId, card_id: cardId, token } = request.body;
        const answer = await resubscribe(
          deps,
          acting,
          { subscriptionId, ...(cardId ? { cardId } : {}), ...(token ? { token } : {}) },
          callOf('subscription.resubscribe', acting.caller.sub, request.headers['idempotency-key'], request.body),
          new Date(),
        );
        return answer.body; // every success of these calls is 200 (a replay answers the stored one)
      },
    );
  }

  for (const url of ['/api/payment/subscription/change', '/api/subscriptions/change']) {
    api.post(
      url,
      {
        ...money,
        schema: {
          tags,
          summary: 'Move an active group plan to another group (SPEC.md change payload)',
          headers: IdempotencyHeaders,
          body: ChangeSubscriptionBody,
          response: { 200: SubscriptionReply },
        },
      },
      async (request) => {
        const acting = await actingUser(request, request.body.userId);
        const answer = await changeSubscription(
          deps,
          acting,
          request.body,
          callOf('subscription.change', acting.caller.sub, request.headers['idempotency-key'], request.body),
          new Date(),
        );
        return answer.body; // every success of these calls is 200 (a replay answers the stored one)
      },
    );
  }

  api.post(
    '/api/subscriptions/status/:user_id',
    {
      schema: {
        tags,
        summary:
          'May this user use what a plan button sells now: btn_id is a plan code (PROD001) or a group id (its group plan)',
        params: UserIdParams,
        body: SubscriptionStatusBody,
        response: { 200: SubscriptionStatusReply },
      },
    },
    async (request) => {
      if (request.body.user_id !== request.params.user_id) throw callErrors.userIdMismatch();
      const acting = await actingUser(request, request.params.user_id);
      return statusOf(store, acting.userId, request.body.btn_id, new Date());
    },
  );

  api.get(
    '/api/subscriptions/:user_id',
    {
      schema: { tags, summary: "A user's subscriptions", params: UserIdParams, response: { 200: SubscriptionsReply } },
    },
    async (request) => {
      const acting = await actingUser(request, request.params.user_id);
      return {
        ok: true as const,
        subscriptions: await withNameTranslations(store, await subscriptionsOf(store, acting.userId), (s) =>
          planKey(s.plan_code),
        ),
      };
    },
  );

  for (const action of ['get', 'add', 'delete', 'change_card'] satisfies RecurringAction[]) {
    api.post(
      `/api/payment/recurring/${action}`,
      {
        schema: {
          tags,
          summary: `The card renewals charge: ${action}`,
          body: RecurringBody,
          response: { 200: RecurringReply, 202: RecurringReply },
        },
      },
      async (request, reply) => {
        const acting = await actingUser(request);
        const { subscription_id: subscriptionId, card_id: cardId, token } = request.body;
        if (token && (cardId || action !== 'change_card')) throw subscriptionErrors.tokenOnlyForChangeCard();
        if (token) {
          const answer = await changeCardWithToken(deps, acting, subscriptionId, token, new Date());
          return reply.code(answer.status).send(answer.body);
        }
        return recurring(deps, acting, action, { subscriptionId, ...(cardId ? { cardId } : {}) }, new Date());
      },
    );
  }

  api.post(
    '/api/payment/recurring/change_card/mpi_complete',
    {
      schema: {
        tags,
        summary: 'Back from the 3-D Secure page of a card change: the checked card pays the plan (once)',
        body: CardChangeOrderBody,
        response: { 200: RecurringReply, 202: RecurringReply },
      },
    },
    async (request, reply) => {
      const acting = await actingUser(request);
      const answer = await completeCardChange(deps, acting.caller.sub, request.body.order_id, new Date());
      return reply.code(answer.status).send(answer.body);
    },
  );

  api.post(
    '/api/admin/payment/user_subscriptions/insert',
    {
      ...money,
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Admin: record a subscription without a charge (audited)',
        headers: IdempotencyHeaders,
        body: InsertSubscriptionBody,
        response: { 201: SubscriptionReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const answer = await insertForAdmin(
        deps,
        admin.sub,
        request.body,
        callOf('subscription.insert', admin.sub, request.headers['idempotency-key'], request.body),
        new Date(),
      );
      return reply.code(201).send(answer.body);
    },
  );

  api.get(
    '/api/admin/subscriptions/list',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Admin: subscriptions, 20 a page, filtered by status, user or plan',
        querystring: AdminSubscriptionsQuery,
        response: { 200: AdminSubscriptionsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listForAdmin(store, request.query);
    },
  );
};
