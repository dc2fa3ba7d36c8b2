import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminGiveTicketsBody,
  AdminPointHistoryQuery,
  AdminPointHistoryReply,
  AdminPointsBody,
  AdminPointsChangedReply,
  AdminPointsReply,
  AdminRemoveTicketsBody,
  AdminTicketsChangedReply,
  AdminTicketsReply,
  AdminUserParams,
  IdempotencyHeaders,
  PageQuery,
} from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { answerAdminOnce } from './money-call.ts';
import { currentWallet, openLotsOf } from './queries.ts';
import { operatorCancelsPoints, operatorGivesPoints, operatorGivesTickets, operatorRemovesTickets } from './uses.ts';
import { historyOf, operatorPointHistory, pointLotView, ticketLotView } from './views.ts';

const tags = ['billing', 'admin'];
const detail = (result: { changed: number; lot_id?: string }) => ({
  changed: result.changed,
  ...(result.lot_id ? { lot_id: result.lot_id } : {}),
});

/** The operators' ledger routes (API.md § Ledger): every write idempotent and audited with the user it concerns. */
export const adminLedgerRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  await adminTicketRoutes(app, deps);
  await adminPointRoutes(app, deps);
};

const adminTicketRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store, events } = platform;

  api.get(
    '/api/admin/full/users/:id/talk_tickets',
    {
      schema: {
        tags,
        summary: "A user's ticket lots and history",
        params: AdminUserParams,
        querystring: PageQuery,
        response: { 200: AdminTicketsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const userId = request.params.id;
      const wallet = await currentWallet(store, events, userId);
      const history = await historyOf(store, userId, 'tickets', request.query.page ?? 1);
      const lots = (await openLotsOf(store, userId, 'tickets')).map(ticketLotView);
      return {
        ok: true as const,
        user_id: userId,
        talk_tickets: wallet.talk_tickets,
        lots,
        entries: history.items,
        total: history.total,
        page: history.page,
      };
    },
  );

  api.post(
    '/api/admin/full/users/:id/talk_tickets',
    {
      schema: {
        tags,
        summary: 'Give a user talk tickets (source operator)',
        headers: IdempotencyHeaders,
        params: AdminUserParams,
        body: AdminGiveTicketsBody,
        response: { 200: AdminTicketsChangedReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const userId = request.params.id;
      const key = request.headers['idempotency-key'];
      const call = { scope: 'tickets.give', userId: admin.sub, key, request: { user_id: userId, ...request.body } };
      const change = {
        user_id: userId,
        admin_id: admin.sub,
        amount: request.body.count,
        reason: request.body.reason,
        ref: `operator:${key}`,
        ...(request.body.expires_at ? { expires_at: request.body.expires_at } : {}),
      };
      return answerAdminOnce(
        reply,
        platform,
        call,
        { adminId: admin.sub, action: 'billing.tickets_given', targetUserId: userId },
        (tx) => operatorGivesTickets(tx, events, change),
        detail,
      );
    },
  );

  api.post(
    '/api/admin/full/users/:id/talk_tickets/remove',
    {
      schema: {
        tags,
        summary: 'Remove talk tickets from a user (history kind removed)',
        headers: IdempotencyHeaders,
        params: AdminUserParams,
        body: AdminRemoveTicketsBody,
        response: { 200: AdminTicketsChangedReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const userId = request.params.id;
      const key = request.headers['idempotency-key'];
      const call = { scope: 'tickets.remove', userId: admin.sub, key, request: { user_id: userId, ...request.body } };
      const change = {
        user_id: userId,
        admin_id: admin.sub,
        amount: request.body.count,
        reason: request.body.reason,
        ref: `operator:${key}`,
      };
      return answerAdminOnce(
        reply,
        platform,
        call,
        { adminId: admin.sub, action: 'billing.tickets_removed', targetUserId: userId },
        (tx) => operatorRemovesTickets(tx, events, change),
        detail,
      );
    },
  );
};

const adminPointRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store, events } = platform;

  api.get(
    '/api/admin/full/users/:id/points',
    {
      schema: {
        tags,
        summary: "A user's point lots and history",
        params: AdminUserParams,
        querystring: PageQuery,
        response: { 200: AdminPointsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const userId = request.params.id;
      const wallet = await currentWallet(store, events, userId);
      const history = await historyOf(store, userId, 'points', request.query.page ?? 1);
      const lots = (await openLotsOf(store, userId, 'points')).map(pointLotView);
      return {
        ok: true as const,
        user_id: userId,
        points: wallet.points,
        lots,
        entries: history.items,
        total: history.total,
        page: history.page,
      };
    },
  );

  api.post(
    '/api/admin/point/give',
    {
      schema: {
        tags,
        summary: 'Give a user points (MA0001)',
        headers: IdempotencyHeaders,
        body: AdminPointsBody,
        response: { 200: AdminPointsChangedReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const key = request.headers['idempotency-key'];
      const call = { scope: 'points.give', userId: admin.sub, key, request: request.body };
      const change = {
        user_id: request.body.user_id,
        admin_id: admin.sub,
        amount: request.body.points,
        reason: request.body.reason,
        ref: `operator:${key}`,
      };
      return answerAdminOnce(
        reply,
        platform,
        call,
        { adminId: admin.sub, action: 'billing.points_given', targetUserId: request.body.user_id },
        (tx) => operatorGivesPoints(tx, events, change),
        detail,
      );
    },
  );

  api.post(
    '/api/admin/point/cancel',
    {
      schema: {
        tags,
        summary: "Cancel a user's points (MA0009; never below zero)",
        headers: IdempotencyHeaders,
        body: AdminPointsBody,
        response: { 200: AdminPointsChangedReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const key = request.headers['idempotency-key'];
      const call = { scope: 'points.cancel', userId: admin.sub, key, request: request.body };
      const change = {
        user_id: request.body.user_id,
        admin_id: admin.sub,
        amount: request.body.points,
        reason: request.body.reason,
        ref: `operator:${key}`,
      };
      return answerAdminOnce(
        reply,
        platform,
        call,
        { adminId: admin.sub, action: 'billing.points_canceled', targetUserId: request.body.user_id },
        (tx) => operatorCancelsPoints(tx, events, change),
        detail,
      );
    },
  );

  api.get(
    '/api/admin/point/history',
    {
      schema: {
        tags,
        summary: 'Recent operator point gifts and cancellations with the admin who acted',
        querystring: AdminPointHistoryQuery,
        response: { 200: AdminPointHistoryReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return operatorPointHistory(store, request.query.page ?? 1, request.query.user_id);
    },
  );
};
