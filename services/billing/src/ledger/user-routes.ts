import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ticketUseProofs } from '@talkwith/platform';
import { requireCaller } from '@talkwith/platform/http';
import {
  AvailablePointsReply,
  AvailableTicketsReply,
  IdempotencyHeaders,
  LedgerHistoryBody,
  LedgerHistoryReply,
  TicketsSumBody,
  TicketsSumReply,
  UsePointsBody,
  UsePointsReply,
  UseTicketBody,
  UseTicketReply,
  UserIdParams,
  WalletReply,
} from '@talkwith/proto/billing';
import { actingUser } from '../caller.ts';
import type { BillingDeps } from '../deps.ts';
import { answerOnce } from './money-call.ts';
import { currentWallet, openLotsOf, walletReply } from './queries.ts';
import { useTalkTicket, usePoints } from './uses.ts';
import { paymentRequiredWhenShort } from '../errors.ts';
import { historyOf, pointLotView, ticketLotView } from './views.ts';

const tags = ['billing'];
const HISTORY_ROUTE = {
  schema: {
    tags,
    summary: "A user's ticket and point history, newest first",
    body: LedgerHistoryBody,
    response: { 200: LedgerHistoryReply },
  },
};

/** The user-facing ledger routes (API.md § Ledger). A user_id must be the caller's own unless an admin calls. */
export const userLedgerRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  await walletRoutes(app, deps);
  await ticketRoutes(app, deps);
  await pointRoutes(app, deps);
};

const walletRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store, events } = platform;

  api.get(
    '/api/billing/wallet',
    {
      schema: {
        tags,
        summary: "The caller's points and talk tickets (a wallet is opened lazily, never 404)",
        response: { 200: WalletReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return walletReply(store, events, caller.sub);
    },
  );

  api.post('/api/billing/history', HISTORY_ROUTE, async (request) => {
    const { userId } = await actingUser(request, request.body.user_id);
    return {
      ok: true as const,
      historyState: await historyOf(store, userId, request.body.asset, request.body.page ?? 1),
    };
  });
};

const ticketRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform, jwtSecret }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store, events } = platform;
  const ticketUses = ticketUseProofs(jwtSecret);

  api.get(
    '/api/talk_tickets/available/:user_id',
    {
      schema: {
        tags,
        summary: 'Talk tickets a user can use, by lot',
        params: UserIdParams,
        response: { 200: AvailableTicketsReply },
      },
    },
    async (request) => {
      const { userId } = await actingUser(request, request.params.user_id);
      const wallet = await currentWallet(store, events, userId);
      return {
        ok: true as const,
        talk_tickets: wallet.talk_tickets,
        lots: (await openLotsOf(store, userId, 'tickets')).map(ticketLotView),
      };
    },
  );

  api.post(
    '/api/talk_tickets/sum',
    {
      schema: {
        tags,
        summary: 'How many talk tickets a user holds',
        body: TicketsSumBody,
        response: { 200: TicketsSumReply },
      },
    },
    async (request) => {
      const { userId } = await actingUser(request, request.body.user_id);
      return { ok: true as const, total: (await currentWallet(store, events, userId)).talk_tickets };
    },
  );

  api.post(
    '/api/talk_tickets',
    {
      schema: {
        tags,
        summary: 'Use one talk ticket for a talk',
        headers: IdempotencyHeaders,
        body: UseTicketBody,
        response: { 200: UseTicketReply },
      },
    },
    async (request, reply) => {
      const { userId, caller } = await actingUser(request, request.body.user_id);
      const call = {
        scope: 'tickets.use',
        userId: caller.sub,
        key: request.headers['idempotency-key'],
        request: request.body,
      };
      return answerOnce(reply, store, call, (tx) =>
        useTalkTicket(
          tx,
          events,
          { user_id: userId, character_id: request.body.character_id, btn: request.body.btn },
          ticketUses,
        ),
      );
    },
  );
};

const pointRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store, events } = platform;

  api.get(
    '/api/points/available/:user_id',
    {
      schema: {
        tags,
        summary: 'Points a user can use, by lot',
        params: UserIdParams,
        response: { 200: AvailablePointsReply },
      },
    },
    async (request) => {
      const { userId } = await actingUser(request, request.params.user_id);
      const wallet = await currentWallet(store, events, userId);
      return {
        ok: true as const,
        points: wallet.points,
        lots: (await openLotsOf(store, userId, 'points')).map(pointLotView),
      };
    },
  );

  api.post(
    '/api/points/use/:user_id',
    {
      schema: {
        tags,
        summary: "Spend points on an action (TA0001): points must be the published action's price",
        headers: IdempotencyHeaders,
        params: UserIdParams,
        body: UsePointsBody,
        response: { 200: UsePointsReply },
      },
    },
    async (request, reply) => {
      const { userId, caller } = await actingUser(request, request.params.user_id);
      const call = {
        scope: 'points.use',
        userId: caller.sub,
        key: request.headers['idempotency-key'],
        request: { user_id: userId, ...request.body },
      };
      return answerOnce(reply, store, call, (tx) => usePoints(tx, events, userId, request.body)).catch(
        paymentRequiredWhenShort,
      );
    },
  );
};
