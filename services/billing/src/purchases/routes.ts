import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  AuthorizeBody,
  EntitlementsReply,
  IdempotencyHeaders,
  MpiNoneBody,
  OrderIdBody,
  ProductsReply,
  PurchaseFlowReply,
  PurchaseIdBody,
  PurchaseReply,
} from '@talkwith/proto/billing';
import { actingUser } from '../caller.ts';
import type { BillingDeps } from '../deps.ts';
import { authorizePurchase, chargeSavedCard, reauthorizePurchase } from './charges.ts';
import { answerOf } from './checkout.ts';
import { ownedCharacterIds } from './entitlements.ts';
import { withNameTranslations } from '../product-texts/index.ts';
import { listProducts } from './products.ts';
import { viewOf } from './records.ts';
import { completeChallenge, purchaseByOrder, settleBySearch } from './resume.ts';

const tags = ['billing', 'purchases'];
const flowReplies = { 200: PurchaseFlowReply, 202: PurchaseFlowReply };

/** The card flow (API.md § Purchases): authorize, 3-D Secure return, saved cards, confirm, result; products and entitlements. */
export const purchaseRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/billing/products',
    {
      schema: {
        tags,
        summary: 'What the shop sells: characters, ticket and point packs',
        response: { 200: ProductsReply },
      },
    },
    async () => ({
      ok: true as const,
      products: await withNameTranslations(
        deps.platform.store,
        await listProducts(deps.platform.store),
        (p) => p.product_id,
      ),
    }),
  );
  api.get(
    '/api/billing/entitlements',
    { schema: { tags, summary: 'Characters the caller bought', response: { 200: EntitlementsReply } } },
    async (request) => {
      const { userId } = await actingUser(request);
      return { ok: true as const, character_ids: await ownedCharacterIds(deps.platform.store, userId) };
    },
  );

  api.post(
    '/api/payment/card/authorize',
    {
      schema: {
        tags,
        summary: 'Buy a product by card (token + 3-D Secure, or a saved card)',
        headers: IdempotencyHeaders,
        body: AuthorizeBody,
        response: flowReplies,
      },
    },
    async (request, reply) => {
      const { userId } = await actingUser(request);
      const answer = await authorizePurchase(deps, userId, request.headers['idempotency-key'], request.body);
      return reply.code(answer.status).send(answer.body);
    },
  );
  api.post(
    '/api/payment/card/mpi_none',
    {
      schema: {
        tags,
        summary: 'Buy with a saved card, without 3-D Secure',
        headers: IdempotencyHeaders,
        body: MpiNoneBody,
        response: flowReplies,
      },
    },
    async (request, reply) => {
      const { userId } = await actingUser(request);
      const answer = await chargeSavedCard(deps, userId, request.headers['idempotency-key'], request.body);
      return reply.code(answer.status).send(answer.body);
    },
  );
  api.post(
    '/api/payment/card/reauthorize',
    {
      schema: {
        tags,
        summary: 'Buy the same product again with the card of an earlier purchase',
        headers: IdempotencyHeaders,
        body: PurchaseIdBody,
        response: flowReplies,
      },
    },
    async (request, reply) => {
      const { userId } = await actingUser(request);
      const answer = await reauthorizePurchase(
        deps,
        userId,
        request.headers['idempotency-key'],
        request.body.purchase_id,
      );
      return reply.code(answer.status).send(answer.body);
    },
  );

  for (const url of ['/api/payment/card/3dsecure/mpi_complete', '/api/payment/threedsecure/mpi_merchant']) {
    api.post(
      url,
      {
        schema: {
          tags,
          summary: 'Back from the 3-D Secure page: settle the purchase',
          body: OrderIdBody,
          response: flowReplies,
        },
      },
      async (request, reply) => {
        const { userId, isAdmin } = await actingUser(request);
        const answer = answerOf(
          await completeChallenge(deps, await purchaseByOrder(deps, request.body.order_id, userId, isAdmin)),
        );
        return reply.code(answer.status).send(answer.body);
      },
    );
  }
  api.post(
    '/api/payment/card/confirm',
    {
      schema: { tags, summary: 'Settle one purchase by asking the provider', body: OrderIdBody, response: flowReplies },
    },
    async (request, reply) => {
      const { userId, isAdmin } = await actingUser(request);
      const answer = answerOf(
        await settleBySearch(deps, await purchaseByOrder(deps, request.body.order_id, userId, isAdmin)),
      );
      return reply.code(answer.status).send(answer.body);
    },
  );
  api.post(
    '/api/payment/card/result/get',
    {
      schema: {
        tags,
        summary: 'A purchase, searched at the provider while unsettled',
        body: OrderIdBody,
        response: { 200: PurchaseReply },
      },
    },
    async (request) => {
      const { userId, isAdmin } = await actingUser(request);
      const doc = await settleBySearch(deps, await purchaseByOrder(deps, request.body.order_id, userId, isAdmin));
      return { ok: true as const, purchase: viewOf(doc) };
    },
  );
};
