import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { audited } from '@talkwith/platform/eventing';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminNotificationList,
  AdminNotificationQuery,
  AdminNotificationReply,
  IdParams,
  NotificationActiveBody,
  NotificationAddBody,
  NotificationDeleted,
  NotificationEditBody,
} from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import {
  addNotification,
  adminNotification,
  adminNotificationList,
  adminReply,
  deleteNotification,
  editNotification,
  setNotificationActive,
} from './admin.ts';
import { EVERYONE, type StoredNotification } from './model.ts';
import { flag } from './routes.ts';

const tags = ['engagement', 'notifications', 'admin'];

/** The audit entry names the notification, and the user when it targets one. */
const detail = (n: StoredNotification) => ({ notification_id: n._id, title: n.title });
const targetUser = (n: StoredNotification) => (n.audience === EVERYONE ? undefined : n.audience);

/** Admins' notification routes (API.md): every write audited in its own transaction. */
export const adminNotificationRoutes: FastifyPluginAsync<EngagementDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = platform;

  api.get(
    '/api/admin/notifications',
    {
      schema: {
        tags,
        summary: 'Notifications, newest first (admin-written by default)',
        querystring: AdminNotificationQuery,
        response: { 200: AdminNotificationList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { page = 1, active, kind = 'admin', user_id, q } = request.query;
      return adminNotificationList(store, {
        page,
        kind,
        ...(active === undefined ? {} : { active: flag(active, true) }),
        ...(user_id ? { user_id } : {}),
        ...(q ? { q } : {}),
      });
    },
  );

  api.get(
    '/api/admin/notifications/:id',
    {
      schema: {
        tags,
        summary: 'One notification with its read count',
        params: IdParams,
        response: { 200: AdminNotificationReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return adminNotification(store, request.params.id);
    },
  );

  api.post(
    '/api/admin/notifications/add',
    {
      schema: {
        tags,
        summary: 'Write a notification (to everyone or one user)',
        body: NotificationAddBody,
        response: { 201: AdminNotificationReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      const added = await audited(
        platform,
        { adminId: admin.sub },
        'notification.added',
        (tx) => addNotification(tx, admin.sub, request.body),
        detail,
        targetUser,
      );
      return reply.code(201).send(await adminReply(store, added));
    },
  );

  for (const url of ['/api/admin/notifications/edit/:id', '/api/admin/notifications/:id']) {
    api.put(
      url,
      {
        schema: {
          tags,
          summary: 'Edit a notification (the given fields)',
          params: IdParams,
          body: NotificationEditBody,
          response: { 200: AdminNotificationReply },
        },
      },
      async (request) => {
        const admin = await requireAdminCaller(request);
        const edited = await audited(
          platform,
          { adminId: admin.sub },
          'notification.edited',
          (tx) => editNotification(tx, request.params.id, request.body),
          detail,
          targetUser,
        );
        return adminReply(store, edited);
      },
    );
  }

  api.post(
    '/api/admin/notifications/active/:id',
    {
      schema: {
        tags,
        summary: 'Switch a notification on or off',
        params: IdParams,
        body: NotificationActiveBody,
        response: { 200: AdminNotificationReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      const switched = await audited(
        platform,
        { adminId: admin.sub },
        'notification.activated',
        (tx) => setNotificationActive(tx, request.params.id, request.body.active),
        (n) => ({ ...detail(n), active: n.active }),
        targetUser,
      );
      return adminReply(store, switched);
    },
  );

  for (const url of ['/api/admin/notifications/delete/:id', '/api/admin/notifications/:id']) {
    api.delete(
      url,
      {
        schema: {
          tags,
          summary: 'Delete a notification and its read marks',
          params: IdParams,
          response: { 200: NotificationDeleted },
        },
      },
      async (request) => {
        const admin = await requireAdminCaller(request);
        await audited(
          platform,
          { adminId: admin.sub },
          'notification.deleted',
          (tx) => deleteNotification(tx, request.params.id),
          detail,
          targetUser,
        );
        return { ok: true as const };
      },
    );
  }
};
