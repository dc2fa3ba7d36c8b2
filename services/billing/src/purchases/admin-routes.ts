import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminCancelBody,
  AdminCancelDecrementBody,
  AdminPaymentHistoryQuery,
  AdminPurchaseReply,
  AdminPurchasesReply,
  AdminUserParams,
  IdempotencyHeaders,
  PageQuery,
  PurchaseIdParams,
} from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { paymentHistory } from './history.ts';
import { adminViewOf } from './records.ts';
import { refund } from './refunds.ts';
import { purchaseById } from './resume.ts';

const tags = ['billing', 'admin'];

/** Operators' payment screens (SPEC.md admin payment/history, full/users/{id}, full purchases): reads, and refunds that are audited. */
export const adminPurchaseRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = deps.platform;

  api.get(
    '/api/admin/payment/history',
    {
      schema: {
        tags,
        summary: 'Purchases, newest first, 20 a page',
        querystring: AdminPaymentHistoryQuery,
        response: { 200: AdminPurchasesReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, ...(await paymentHistory(store, request.query)) };
    },
  );
  api.get(
    '/api/admin/full/users/:id/purchases',
    {
      schema: {
        tags,
        summary: "One user's purchases",
        params: AdminUserParams,
        querystring: PageQuery,
        response: { 200: AdminPurchasesReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return {
        ok: true as const,
        ...(await paymentHistory(store, { user_id: request.params.id, page: request.query.page ?? 1 })),
      };
    },
  );
  api.get(
    '/api/admin/full/purchases/:purchase_id',
    {
      schema: {
        tags,
        summary: 'One purchase with what the provider answered',
        params: PurchaseIdParams,
        response: { 200: AdminPurchaseReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return {
        ok: true as const,
        purchase: adminViewOf(await purchaseById(deps, request.params.purchase_id, admin.sub, true)),
      };
    },
  );

  api.post(
    '/api/admin/full/purchases/:purchase_id/cancel_decrement',
    {
      schema: {
        tags,
        summary: 'Refund part of a purchase (audited)',
        params: PurchaseIdParams,
        headers: IdempotencyHeaders,
        body: AdminCancelDecrementBody,
        response: { 200: AdminPurchaseReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      const doc = await refund(deps, {
        purchaseId: request.params.purchase_id,
        amount: request.body.amount,
        reason: request.body.reason,
        by: 'admin',
        actorId: admin.sub,
        key: request.headers['idempotency-key'],
      });
      return { ok: true as const, purchase: adminViewOf(doc) };
    },
  );
  api.post(
    '/api/admin/full/purchases/purchase/cancel',
    {
      schema: {
        tags,
        summary: 'Refund a purchase in full and take back what it granted (audited)',
        headers: IdempotencyHeaders,
        body: AdminCancelBody,
        response: { 200: AdminPurchaseReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      const doc = await refund(deps, {
        purchaseId: request.body.purchase_id,
        reason: request.body.reason,
        by: 'admin',
        actorId: admin.sub,
        key: request.headers['idempotency-key'],
      });
      return { ok: true as const, purchase: adminViewOf(doc) };
    },
  );
};
