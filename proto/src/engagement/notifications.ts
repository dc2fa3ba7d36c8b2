import { Type, type Static } from '@sinclair/typebox';
import { EngagementId, Iso, Page, Paging, UserId } from './common.ts';

/**
 * Notifications and news (SPEC.md §3 Notification, §7 Notifications).
 * `kind`: what caused it. Admin-written ones are `admin`; the automatic ones
 * come from events (welcome, ticket_expiry, subscription_renewed, subscription_failed).
 */
export const NotificationKind = Type.Union([
  Type.Literal('admin'),
  Type.Literal('welcome'),
  Type.Literal('ticket_expiry'),
  Type.Literal('subscription_renewed'),
  Type.Literal('subscription_failed'),
]);
export type NotificationKind = Static<typeof NotificationKind>;

/** What the customer reads (GET /api/notifications). */
export const Notification = Type.Object({
  id: Type.String(),
  kind: NotificationKind,
  title: Type.String(),
  body: Type.String(),
  /** Also listed on /news (only for notifications to everyone). */
  is_news: Type.Boolean(),
  read: Type.Boolean(),
  /** When it appears: the start of its publishing window (the creation time when none was set). */
  published_at: Iso,
  /** When it stops being active; null = never. */
  publish_until: Type.Union([Iso, Type.Null()]),
  created_at: Iso,
});
export type Notification = Static<typeof Notification>;

const Flag = Type.Union([
  Type.Boolean(),
  Type.Literal('true'),
  Type.Literal('false'),
  Type.Literal('1'),
  Type.Literal('0'),
]);

/**
 * GET /api/notifications?page&active&new (and POST with the same body).
 * active (default true): only those inside their publishing window; false adds past ones.
 * new (default false): only unread ones.
 */
export const NotificationListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    active: Type.Optional(Flag),
    new: Type.Optional(Flag),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = Type.Object({
  ok: Type.Literal(true),
  notifications: Type.Array(Notification, { description: 'unread first, then newest first' }),
  unread: Type.Integer({ minimum: 0, description: 'unread active notifications in all (the menu badge)' }),
  ...Paging,
});
export type NotificationList = Static<typeof NotificationList>;

/** GET /api/notifications_available: the menu badge. */
export const NotificationsAvailable = Type.Object({
  ok: Type.Literal(true),
  available: Type.Boolean(),
  unread: Type.Integer({ minimum: 0 }),
});
export type NotificationsAvailable = Static<typeof NotificationsAvailable>;

/** POST /api/notifications/read: marks some (ids) or every active one (all) read for the caller. */
export const MarkReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(EngagementId, { minItems: 1, maxItems: 100 })),
    all: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBody>;
export const MarkReadReply = Type.Object({ ok: Type.Literal(true), unread: Type.Integer({ minimum: 0 }) });
export type MarkReadReply = Static<typeof MarkReadReply>;

/** GET /api/news?page: public news, newest first; readable logged out. */
export const NewsItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  body: Type.String(),
  published_at: Iso,
});
export type NewsItem = Static<typeof NewsItem>;
export const NewsList = Type.Object({ ok: Type.Literal(true), news: Type.Array(NewsItem), ...Paging });
export type NewsList = Static<typeof NewsList>;
export const NewsQuery = Type.Object({ page: Type.Optional(Page) }, { additionalProperties: false });
export type NewsQuery = Static<typeof NewsQuery>;

// ---- admin ----

/** The fields an admin writes (add; edit takes the same, all optional). */
const NotificationFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  body: Type.String({ minLength: 1, maxLength: 5000 }),
  active: Type.Boolean(),
  is_news: Type.Boolean({ description: 'also on /news; only for target all' }),
  /** Start of the publishing window; null/absent = from now. */
  publish_from: Type.Union([Iso, Type.Null()]),
  /** End of the publishing window; null/absent = no end. Must be after publish_from. */
  publish_until: Type.Union([Iso, Type.Null()]),
  /** Who sees it: everyone, or one user (by id). */
  target: Type.Union([Type.Literal('all'), Type.Object({ user_id: UserId }, { additionalProperties: false })]),
};

export const NotificationAddBody = Type.Object(
  {
    title: NotificationFields.title,
    body: NotificationFields.body,
    active: Type.Optional(NotificationFields.active),
    is_news: Type.Optional(NotificationFields.is_news),
    publish_from: Type.Optional(NotificationFields.publish_from),
    publish_until: Type.Optional(NotificationFields.publish_until),
    target: NotificationFields.target,
  },
  { additionalProperties: false },
);
export type NotificationAddBody = Static<typeof NotificationAddBody>;

export const NotificationEditBody = Type.Partial(NotificationAddBody, {
  additionalProperties: false,
  minProperties: 1,
});
export type NotificationEditBody = Static<typeof NotificationEditBody>;

/** POST /api/admin/notifications/active/{id}: switches the active flag. */
export const NotificationActiveBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });
export type NotificationActiveBody = Static<typeof NotificationActiveBody>;

/** A notification as admins see it. `state`: draft (inactive), scheduled (window not started), live, ended. */
export const AdminNotification = Type.Object({
  id: Type.String(),
  kind: NotificationKind,
  title: Type.String(),
  body: Type.String(),
  active: Type.Boolean(),
  is_news: Type.Boolean(),
  publish_from: Type.Union([Iso, Type.Null()]),
  publish_until: Type.Union([Iso, Type.Null()]),
  target: NotificationFields.target,
  state: Type.Union([Type.Literal('inactive'), Type.Literal('scheduled'), Type.Literal('live'), Type.Literal('ended')]),
  read_count: Type.Integer({ minimum: 0 }),
  created_at: Iso,
  updated_at: Iso,
  created_by: Type.Union([Type.String(), Type.Null()], { description: 'the admin; null for automatic ones' }),
});
export type AdminNotification = Static<typeof AdminNotification>;

/** GET /api/admin/notifications?page&active&target&kind&q: admin-written ones by default (kind=admin). */
export const AdminNotificationQuery = Type.Object(
  {
    page: Type.Optional(Page),
    active: Type.Optional(Flag),
    kind: Type.Optional(Type.Union([NotificationKind, Type.Literal('any')])),
    user_id: Type.Optional(UserId),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'words in the title' })),
  },
  { additionalProperties: false },
);
export type AdminNotificationQuery = Static<typeof AdminNotificationQuery>;

export const AdminNotificationList = Type.Object({
  ok: Type.Literal(true),
  notifications: Type.Array(AdminNotification),
  ...Paging,
});
export type AdminNotificationList = Static<typeof AdminNotificationList>;
export const AdminNotificationReply = Type.Object({ ok: Type.Literal(true), notification: AdminNotification });
export type AdminNotificationReply = Static<typeof AdminNotificationReply>;

// ---- added with the area (issue 13) ----

/** GET /api/notification/{id}: one of the caller's. */
export const NotificationReply = Type.Object({ ok: Type.Literal(true), notification: Notification });
export type NotificationReply = Static<typeof NotificationReply>;

/** DELETE /api/admin/notifications/{id}: it and its read marks are gone. */
export const NotificationDeleted = Type.Object({ ok: Type.Literal(true) });
export type NotificationDeleted = Static<typeof NotificationDeleted>;
