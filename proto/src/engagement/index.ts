import { Type, type Static } from '@sinclair/typebox';

/** Engagement HTTP contract: the caller's notifications (GET /api/notifications). */
export const Notification = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  kind: Type.String({ description: 'what caused it, e.g. welcome' }),
  title: Type.String(),
  body: Type.String(),
  read: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Notification = Static<typeof Notification>;

export const NotificationList = Type.Object({ ok: Type.Literal(true), notifications: Type.Array(Notification, { description: 'newest first' }) });
export type NotificationList = Static<typeof NotificationList>;
