import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireCaller } from '@talkwith/platform/http';
import {
  IdParams,
  MarkReadBody,
  MarkReadReply,
  NewsList,
  NewsQuery,
  NotificationList,
  NotificationListQuery,
  NotificationReply,
  NotificationsAvailable,
} from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { inboxPage, markRead, newsPage, notificationFor, unreadCount } from './inbox.ts';
import { customerView } from './views.ts';

const tags = ['engagement', 'notifications'];

/** A query flag as it may arrive: a boolean, or 'true'/'false'/'1'/'0' from a query string. */
export function flag(value: boolean | 'true' | 'false' | '1' | '0' | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value === true || value === 'true' || value === '1';
}

const inboxQueryOf = (userId: string, query: NotificationListQuery) => ({
  userId,
  page: query.page ?? 1,
  runningOnly: flag(query.active, true),
  unreadOnly: flag(query.new, false),
});

/** The customer's notifications and the public news (API.md § Notifications and news). */
export const notificationRoutes: FastifyPluginAsync<EngagementDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = platform;

  api.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications: unread first, then newest first",
        querystring: NotificationListQuery,
        response: { 200: NotificationList },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return inboxPage(store, inboxQueryOf(caller.sub, request.query));
    },
  );

  api.post(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications (the query in the body; none = the defaults)",
        body: NotificationListQuery,
        response: { 200: NotificationList },
      },
      // The old client posts without a body: that is the default query, not a malformed one.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return inboxPage(store, inboxQueryOf(caller.sub, request.body));
    },
  );

  api.get(
    '/api/notification/:id',
    {
      schema: {
        tags,
        summary: "One of the caller's notifications",
        params: IdParams,
        response: { 200: NotificationReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const { read, ...found } = await notificationFor(store, caller.sub, request.params.id);
      return { ok: true as const, notification: customerView(found, read) };
    },
  );

  api.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark some (ids) or all running notifications read for the caller',
        body: MarkReadBody,
        response: { 200: MarkReadReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return { ok: true as const, unread: await markRead(store, caller.sub, request.body) };
    },
  );

  api.get(
    '/api/notifications_available',
    {
      schema: {
        tags,
        summary: 'The menu badge: any unread running notification?',
        response: { 200: NotificationsAvailable },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const unread = await unreadCount(store, caller.sub);
      return { ok: true as const, available: unread > 0, unread };
    },
  );

  api.get(
    '/api/news',
    {
      schema: {
        tags,
        summary: 'Public news, newest first (no log-in)',
        querystring: NewsQuery,
        response: { 200: NewsList },
      },
    },
    async (request) => newsPage(store, request.query.page ?? 1),
  );
};
