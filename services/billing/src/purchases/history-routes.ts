import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  CancelDecrementBody,
  HistoryGetBody,
  HistoryInsertBody,
  HistoryReply,
  IdempotencyHeaders,
  PurchaseIdBody,
  PurchaseReply,
} from '@talkwith/proto/billing';
import { actingUser } from '../caller.ts';
import type { BillingDeps } from '../deps.ts';
import { idempotent } from '../idempotency.ts';
import { withNameTranslations } from '../product-texts/index.ts';
import { insertManualPurchase, purchaseHistory } from './history.ts';
import { viewOf } from './records.ts';
import { refund } from './refunds.ts';
import { purchaseErrors } from '../errors.ts';

const tags = ['billing', 'purchases'];

/**
 * Purchase history and cancels under SPEC.md §7's /api/payment names. A
 * refund takes back what the purchase granted, so only operators may ask
 * for one (tickets are not refundable to the buyer, SPEC.md §9); a customer
 * asks through the contact form.
 */
export const historyRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { platform } = deps;

  api.post(
    '/api/payment/user_purchase_history/get',
    {
      schema: {
        tags,
        summary: "A user's purchases, newest first (own, or any for an admin)",
        body: HistoryGetBody,
        response: { 200: HistoryReply },
      },
    },
    async (request) => {
      const { userId } = await actingUser(request, request.body.user_id);
      const { purchases, total } = await purchaseHistory(platform.store, userId, request.body.page);
      return {
        ok: true as const,
        purchases: await withNameTranslations(platform.store, purchases, (p) => p.product_id),
        total,
      };
    },
  );

  api.post(
    '/api/admin/payment/user_purchase_history/insert',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Admin: record a purchase paid outside the card flow (no charge); grants what it holds',
        headers: IdempotencyHeaders,
        body: HistoryInsertBody,
        response: { 201: PurchaseReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const call = {
        scope: 'purchases.manual',
        userId: admin.sub,
        key: request.headers['idempotency-key'],
        request: request.body,
      };
      // idempotent() owns the transaction, so the audit entry is published in it here (what audited() would do).
      const answer = await idempotent(platform.store, call, async (tx) => {
        const doc = await insertManualPurchase(tx, platform.events, admin.sub, request.body, call.key);
        await platform.events.publish(
          'admin.acted',
          admin.sub,
          {
            admin_id: admin.sub,
            action: 'purchase.recorded',
            target_user_id: doc.user_id,
            detail: { purchase_id: doc._id, product_id: doc.product_id, amount: doc.amount, note: request.body.note },
          },
          tx,
        );
        return { status: 201, body: { ok: true as const, purchase: viewOf(doc) } };
      });
      return reply.code(201).send(answer.body);
    },
  );

  api.post(
    '/api/payment/card/cancel',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Operator: refund a purchase in full and take back what it granted',
        headers: IdempotencyHeaders,
        body: PurchaseIdBody,
        response: { 200: PurchaseReply },
      },
    },
    async (request) => {
      const { caller, isAdmin } = await actingUser(request);
      if (!isAdmin) throw purchaseErrors.cancelByContactOnly();
      const doc = await refund(deps, {
        purchaseId: request.body.purchase_id,
        by: 'admin',
        actorId: caller.sub,
        key: request.headers['idempotency-key'],
      });
      return { ok: true as const, purchase: viewOf(doc) };
    },
  );
  api.post(
    '/api/payment/card/cancel_decrement',
    {
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Operator: refund part of a purchase',
        headers: IdempotencyHeaders,
        body: CancelDecrementBody,
        response: { 200: PurchaseReply },
      },
    },
    async (request) => {
      const { caller, isAdmin } = await actingUser(request);
      if (!isAdmin) throw purchaseErrors.cancelByContactOnly();
      const { purchase_id, amount } = request.body;
      const doc = await refund(deps, {
        purchaseId: purchase_id,
        amount,
        by: 'admin',
        actorId: caller.sub,
        key: request.headers['idempotency-key'],
      });
      return { ok: true as const, purchase: viewOf(doc) };
    },
  );
};
