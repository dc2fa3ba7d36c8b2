import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { NotificationKind } from '@talkwith/proto/engagement';

/** `audience` of a notification to everyone (a user id can never be '*': UserId starts with a letter or digit). */
export const EVERYONE = '*';
/** `ends_at` of a notification without an end: later than any real instant, so "still running" is one indexed `$gt`. */
export const NO_END = '9999-12-31T23:59:59.999Z';

/**
 * A stored notification. `audience` is EVERYONE or one user id (the proto's
 * `target`), so the caller's notifications are one `$in` on an indexed field;
 * `published_at` (publish_from ?? created_at) and `ends_at` (publish_until ??
 * NO_END) are the window in indexable form, kept in step with publish_from and
 * publish_until by every write.
 */
export interface StoredNotification {
  _id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  is_news: boolean;
  active: boolean;
  audience: string;
  publish_from: string | null;
  publish_until: string | null;
  published_at: string;
  ends_at: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  [key: string]: unknown;
}

/** One user has read one notification: `_id` `${user_id}:${notification_id}`, so marking twice is one row. */
export interface NotificationRead {
  _id: string;
  user_id: string;
  notification_id: string;
  read_at: string;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;
export const openNotifications = (store: Store): Collection<StoredNotification> =>
  store.collection<StoredNotification>('notifications');
export const openReads = (store: Store): Collection<NotificationRead> =>
  store.collection<NotificationRead>('notification_reads');

export const readId = (userId: string, notificationId: string): string => `${userId}:${notificationId}`;

/** The window fields that follow from publish_from / publish_until. */
export function windowFields(
  publishFrom: string | null,
  publishUntil: string | null,
  createdAt: string,
): Pick<StoredNotification, 'published_at' | 'ends_at'> {
  return { published_at: publishFrom ?? createdAt, ends_at: publishUntil ?? NO_END };
}

export async function ensureNotificationIndexes(store: DocumentStore): Promise<void> {
  const notifications = openNotifications(store);
  // The caller's list: audience ∈ {EVERYONE, caller}, active, published_at ≤ now, newest first.
  await notifications.createIndex({ audience: 1, active: 1, published_at: -1 });
  // Public news: is_news, newest first.
  await notifications.createIndex({ is_news: 1, active: 1, published_at: -1 });
  // The window's end, so "still running" narrows in SQL too.
  await notifications.createIndex({ ends_at: 1 });
  // The admin list: by kind, newest first.
  await notifications.createIndex({ kind: 1, created_at: -1 });
  await openReads(store).createIndex({ user_id: 1 });
  await openReads(store).createIndex({ notification_id: 1 });
}
