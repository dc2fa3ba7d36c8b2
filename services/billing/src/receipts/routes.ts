import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ReceiptParams, ReceiptReply } from '@talkwith/proto/billing';
import { actingUser } from '../caller.ts';
import type { BillingDeps } from '../deps.ts';
import { purchaseById } from '../purchases/resume.ts';
import { receiptOf } from './receipt.ts';

/**
 * GET /api/billing/receipts/:purchase_id — the receipt of the caller's own
 * paid purchase or plan period (an operator: anyone's). Another user's id is
 * 404, as an unknown one (ids are not probed). The web prints it as a page.
 */
export const receiptRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/billing/receipts/:purchase_id',
    {
      schema: {
        tags: ['billing', 'purchases'],
        summary: 'The receipt (領収書) of a paid purchase or subscription period',
        params: ReceiptParams,
        response: { 200: ReceiptReply },
      },
    },
    async (request) => {
      const { userId, isAdmin } = await actingUser(request);
      const doc = await purchaseById(deps, request.params.purchase_id, userId, isAdmin);
      return { ok: true as const, receipt: receiptOf(deps.config, doc) };
    },
  );
};
