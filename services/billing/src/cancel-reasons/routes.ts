import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller, requireCaller } from '@talkwith/platform/http';
import {
  AdminCancelReasonReply,
  AdminCancelReasonsReply,
  CancelReasonParams,
  CancelReasonStatsQuery,
  CancelReasonStatsReply,
  CancelReasonsReply,
  CreateCancelReasonBody,
  UpdateCancelReasonBody,
} from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { createReason, retireReason, updateReason } from './admin.ts';
import { adminReasonView, offeredReasons, openCancelReasons, reasonView } from './model.ts';
import { cancelReasonStats } from './stats.ts';

const tags = ['billing', 'subscriptions'];
const adminTags = [...tags, 'admin'];

/** API.md § Cancellation reasons: the subscriber's list, the operators' CRUD and counts. */
export const cancelReasonRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = platform;

  const list = async () => ({ ok: true as const, reasons: (await offeredReasons(store)).map(reasonView) });
  const listSchema = {
    tags,
    summary: 'The reasons a subscriber may choose when cancelling (SPEC.md §7 cancel_reasons/list)',
    response: { 200: CancelReasonsReply },
  };
  api.get('/api/cancel_reasons/list', { schema: listSchema }, async (request) => {
    await requireCaller(request);
    return list();
  });
  api.post('/api/cancel_reasons/list', { schema: listSchema }, async (request) => {
    await requireCaller(request);
    return list();
  });

  api.get(
    '/api/admin/cancel_reasons',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin: every reason, retired ones included',
        response: { 200: AdminCancelReasonsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return {
        ok: true as const,
        reasons: (await openCancelReasons(store).find({}, { sort: { position: 1, label: 1 } })).map(adminReasonView),
      };
    },
  );

  api.post(
    '/api/admin/cancel_reasons',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin: add a reason (audited)',
        body: CreateCancelReasonBody,
        response: { 201: AdminCancelReasonReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      return reply
        .code(201)
        .send({ ok: true as const, reason: await createReason(platform, admin.sub, request.body, new Date()) });
    },
  );

  api.put(
    '/api/admin/cancel_reasons/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin: rename, reorder, retire or offer again (audited)',
        params: CancelReasonParams,
        body: UpdateCancelReasonBody,
        response: { 200: AdminCancelReasonReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return {
        ok: true as const,
        reason: await updateReason(platform, admin.sub, request.params.id, request.body, new Date()),
      };
    },
  );

  api.delete(
    '/api/admin/cancel_reasons/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin: retire a reason (kept for past cancellations; audited)',
        params: CancelReasonParams,
        response: { 200: AdminCancelReasonReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return { ok: true as const, reason: await retireReason(platform, admin.sub, request.params.id, new Date()) };
    },
  );

  api.get(
    '/api/admin/cancel_reasons/stats',
    {
      schema: {
        tags: adminTags,
        summary: 'Admin: cancellations per reason over a period of Japan days',
        querystring: CancelReasonStatsQuery,
        response: { 200: CancelReasonStatsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return cancelReasonStats(store, request.query, new Date());
    },
  );
};
