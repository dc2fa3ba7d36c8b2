import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  ChangeBlockBody,
  ChangeSerialTypeBody,
  CouponIdParams,
  CouponList,
  CouponListQuery,
  CouponReply,
  RedemptionList,
  RedemptionQueryBody,
  SerialCsv,
  SerialGenerateBody,
  SerialIdParams,
  SerialList,
  SerialListQuery,
  SerialOrCouponReply,
  SerialStatsQuery,
  SerialStatsReply,
} from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { changeBlock, changeSerialType, generateCoupon } from './admin.ts';
import { couponCsv } from './csv.ts';
import { listCoupons, listRedemptions, listSerials, serialOrCoupon } from './queries.ts';
import { serialStats } from './stats.ts';

const tags = ['serials', 'admin'];

/** The operators' serial routes (API.md § Serials); every write audited. */
export const serialAdminRoutes: FastifyPluginAsync<EngagementDeps> = async (app, deps) => {
  await adminWriteRoutes(app, deps);
  await adminReadRoutes(app, deps);
};

const adminWriteRoutes: FastifyPluginAsync<EngagementDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/admin/serials/generate',
    {
      schema: {
        tags,
        summary: 'Generate a batch (coupon) of serial codes',
        body: SerialGenerateBody,
        response: { 201: CouponReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const coupon = await generateCoupon(platform, admin.sub, request.body);
      return reply.code(201).send({ ok: true as const, coupon });
    },
  );

  api.put(
    '/api/admin/serials/changeBlock',
    {
      schema: {
        tags,
        summary: 'Change the block a coupon unlocks (unused serials move)',
        body: ChangeBlockBody,
        response: { 200: CouponReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return { ok: true as const, coupon: await changeBlock(platform, admin.sub, request.body) };
    },
  );

  api.put(
    '/api/admin/serials/changeSerialType',
    {
      schema: {
        tags,
        summary: "Make a coupon's serials debug (staff only) or normal",
        body: ChangeSerialTypeBody,
        response: { 200: CouponReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return { ok: true as const, coupon: await changeSerialType(platform, admin.sub, request.body) };
    },
  );
};

const adminReadRoutes: FastifyPluginAsync<EngagementDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = platform;

  api.get(
    '/api/admin/serials/coupons',
    {
      schema: {
        tags,
        summary: 'Serial batches, newest first',
        querystring: CouponListQuery,
        response: { 200: CouponList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listCoupons(store, request.query);
    },
  );

  api.get(
    '/api/admin/serials/list',
    { schema: { tags, summary: 'Serials with filters', querystring: SerialListQuery, response: { 200: SerialList } } },
    async (request) => {
      await requireAdminCaller(request);
      return listSerials(store, request.query);
    },
  );

  api.get(
    '/api/admin/serials/stats',
    {
      schema: {
        tags,
        summary: 'Serial statistics over a Japan date range (debug excluded)',
        querystring: SerialStatsQuery,
        response: { 200: SerialStatsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, stats: await serialStats(store, request.query) };
    },
  );

  api.post(
    '/api/admin/serials',
    {
      schema: {
        tags,
        summary: 'Redemptions in a Japan date range, newest first',
        body: RedemptionQueryBody,
        response: { 200: RedemptionList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listRedemptions(store, request.body);
    },
  );

  api.get(
    '/api/admin/serials/:coupon_id/csv',
    {
      schema: {
        tags,
        summary: "A batch's codes as CSV for printing",
        params: CouponIdParams,
        response: { 200: SerialCsv },
      },
    },
    async (request, reply) => {
      await requireAdminCaller(request);
      const csv = await couponCsv(store, request.params.coupon_id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename=serials_${request.params.coupon_id}.csv`)
        .send(csv);
    },
  );

  api.get(
    '/api/admin/serials/:id',
    {
      schema: {
        tags,
        summary: 'A coupon by id, or a serial by its code with its coupon',
        params: SerialIdParams,
        response: { 200: SerialOrCouponReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return serialOrCoupon(store, request.params.id);
    },
  );
};
