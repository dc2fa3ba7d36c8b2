import type { EngagementArea } from '../deps.ts';
import { adminNotificationRoutes } from './admin-routes.ts';
import { NOTIFICATION_EVENTS, onNotificationEvent } from './automatic.ts';
import { ensureNotificationIndexes } from './model.ts';
import { notificationRoutes } from './routes.ts';

/** Notifications and news (API.md § Notifications and news): admin-written and automatic ones, read marks per user. */
export const notificationsArea: EngagementArea = {
  name: 'notifications',
  async routes(app, deps) {
    await app.register(notificationRoutes, deps);
    await app.register(adminNotificationRoutes, deps);
  },
  async prepare({ platform }) {
    await ensureNotificationIndexes(platform.store);
  },
  async start({ platform }) {
    return [
      await platform.events.consume('engagement-notifications', NOTIFICATION_EVENTS, (event, tx) =>
        onNotificationEvent(tx, event),
      ),
    ];
  },
};
