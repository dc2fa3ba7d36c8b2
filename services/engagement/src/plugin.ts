import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '@talkwith/platform';
import { ensureJwt, requireCaller } from '@talkwith/platform/http';
import { ServiceAlive } from '@talkwith/proto';
import { NotificationList } from '@talkwith/proto/engagement';
import { notificationsIn, onUserEvent, openNotifications } from './notifications.ts';

/** Engagement: notifications (serials, campaigns and contacts come in later issues). */
export const engagementPlugin: FastifyPluginAsync<ServiceOptions> = async (app, { platform, config }) => {
  await ensureJwt(app, config.JWT_SECRET);
  const notifications = await openNotifications(platform.store);
  let consumer: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    consumer = await platform.events.consume('engagement', ['user.registered', 'user.deleted'], (event, tx) => onUserEvent(notificationsIn(tx), event));
  });
  app.addHook('onClose', async () => { await consumer?.close(); });

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/api/engagement/healthz', { schema: { tags: ['engagement'], summary: 'engagement service alive', response: { 200: ServiceAlive } } }, async () => ({ ok: true as const, service: 'engagement' }));
  api.get('/api/notifications', { schema: { tags: ['engagement'], summary: "The caller's notifications, newest first", response: { 200: NotificationList } } }, async (request) => {
    const caller = await requireCaller(request);
    const items = await notifications.find({ user_id: caller.sub }, { sort: { created_at: -1 }, limit: 100 });
    return { ok: true as const, notifications: items.map(({ _id, ...n }) => ({ id: _id, ...n })) };
  });
};
