import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PROCESSED_EVENTS } from '@talkwith/platform/eventing';
import { type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { AdminNotification, NotificationAddBody, NotificationList } from '@talkwith/proto/engagement';

const DAY = 86_400_000;

/** An instant `days` from now (negative: in the past), as the API takes it. */
export const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

/** Helpers of the notification API tests: callers, notifications written through the admin API, the inbox. */
export function notificationKit(svc: () => ServiceUnderTest) {
  const adminId = `admin-${randomUUID()}`;
  const auth = (userId: string, roles?: string[]) => ({ authorization: `Bearer ${svc().tokenFor(userId, roles)}` });
  const asAdmin = () => auth(adminId, ['admin']);

  return {
    adminId,
    auth,
    asAdmin,
    /** Writes one notification as an admin (201 expected). */
    async add(fields: Partial<NotificationAddBody> & Pick<NotificationAddBody, 'target'>): Promise<AdminNotification> {
      const res = await svc().app.inject({
        method: 'POST',
        url: '/api/admin/notifications/add',
        headers: asAdmin(),
        payload: { title: `お知らせ ${randomUUID()}`, body: '本文です。', ...fields },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ notification: AdminNotification }>().notification;
    },
    /** GET /api/notifications as `userId` (200 expected). */
    async inbox(userId: string, query = ''): Promise<NotificationList> {
      const res = await svc().app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth(userId) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<NotificationList>();
    },
    async markRead(userId: string, payload: { ids?: string[]; all?: true }) {
      return svc().app.inject({ method: 'POST', url: '/api/notifications/read', headers: auth(userId), payload });
    },
    /** Waits until the area's consumer group has handled the event. */
    async handled(eventId: string): Promise<void> {
      await eventually(async () =>
        svc().platform.store.collection(PROCESSED_EVENTS).findOne({ group: 'engagement-notifications', eventId }),
      );
    },
  };
}
