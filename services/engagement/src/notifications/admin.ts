import { randomUUID } from 'node:crypto';
import type { DocumentStore, Filter, Transaction } from '@talkwith/platform';
import {
  PAGE_SIZE,
  type AdminNotificationList,
  type NotificationAddBody,
  type NotificationEditBody,
  type NotificationKind,
} from '@talkwith/proto/engagement';
import { openNotifications, openReads, windowFields, type StoredNotification } from './model.ts';
import { adminView, audienceOf, pagingOf, targetOf } from './views.ts';
import { notificationErrors } from '../errors.ts';

type Store = DocumentStore | Transaction;

/** The fields an admin decides, as they will be stored after a write. */
type Written = Pick<
  StoredNotification,
  'title' | 'body' | 'active' | 'is_news' | 'publish_from' | 'publish_until' | 'audience'
>;

/** The rules API.md states for add and edit, checked on the result of the write. */
function assertWritable(written: Written, createdAt: string): void {
  if (written.is_news && targetOf(written) !== 'all') {
    throw notificationErrors.newsNotToAll();
  }
  const start = written.publish_from ?? createdAt;
  if (written.publish_until !== null && Date.parse(written.publish_until) <= Date.parse(start)) {
    throw notificationErrors.publishWindowOrder();
  }
}

/** Dates as the store keeps them (UTC ISO strings), so indexed string comparisons order them correctly. */
const normalised = (iso: string | null | undefined): string | null => (iso ? new Date(iso).toISOString() : null);

export async function addNotification(
  tx: Transaction,
  adminId: string,
  body: NotificationAddBody,
  now: Date = new Date(),
): Promise<StoredNotification> {
  const createdAt = now.toISOString();
  const written: Written = {
    title: body.title,
    body: body.body,
    active: body.active ?? true,
    is_news: body.is_news ?? false,
    publish_from: normalised(body.publish_from),
    publish_until: normalised(body.publish_until),
    audience: audienceOf(body.target),
  };
  assertWritable(written, createdAt);
  return openNotifications(tx).insertOne({
    _id: randomUUID(),
    kind: 'admin',
    ...written,
    ...windowFields(written.publish_from, written.publish_until, createdAt),
    created_at: createdAt,
    updated_at: createdAt,
    created_by: adminId,
  });
}

async function existing(tx: Transaction, id: string): Promise<StoredNotification> {
  const found = await openNotifications(tx).findOne({ _id: id });
  if (!found) throw notificationErrors.notFound();
  return found;
}

/** Edits the given fields; the merged result must still keep the rules. */
export async function editNotification(
  tx: Transaction,
  id: string,
  body: NotificationEditBody,
  now: Date = new Date(),
): Promise<StoredNotification> {
  const before = await existing(tx, id);
  const written: Written = {
    title: body.title ?? before.title,
    body: body.body ?? before.body,
    active: body.active ?? before.active,
    is_news: body.is_news ?? before.is_news,
    publish_from: body.publish_from === undefined ? before.publish_from : normalised(body.publish_from),
    publish_until: body.publish_until === undefined ? before.publish_until : normalised(body.publish_until),
    audience: body.target === undefined ? before.audience : audienceOf(body.target),
  };
  assertWritable(written, before.created_at);
  const set = {
    ...written,
    ...windowFields(written.publish_from, written.publish_until, before.created_at),
    updated_at: now.toISOString(),
  };
  const after = await openNotifications(tx).findOneAndUpdate({ _id: id }, { $set: set });
  if (!after) throw notificationErrors.notFound();
  return after;
}

export async function setNotificationActive(
  tx: Transaction,
  id: string,
  active: boolean,
  now: Date = new Date(),
): Promise<StoredNotification> {
  const after = await openNotifications(tx).findOneAndUpdate(
    { _id: id },
    { $set: { active, updated_at: now.toISOString() } },
  );
  if (!after) throw notificationErrors.notFound();
  return after;
}

/** Deletes a notification and every read mark of it. */
export async function deleteNotification(tx: Transaction, id: string): Promise<StoredNotification> {
  const before = await existing(tx, id);
  await openNotifications(tx).deleteOne({ _id: id });
  await openReads(tx).deleteMany({ notification_id: id });
  return before;
}

export async function adminReply(store: Store, stored: StoredNotification, now: Date = new Date()) {
  return {
    ok: true as const,
    notification: adminView(stored, await openReads(store).countDocuments({ notification_id: stored._id }), now),
  };
}

export async function adminNotification(store: Store, id: string, now: Date = new Date()) {
  const found = await openNotifications(store).findOne({ _id: id });
  if (!found) throw notificationErrors.notFound();
  return adminReply(store, found, now);
}

export interface AdminListFilter {
  page: number;
  active?: boolean;
  kind: NotificationKind | 'any';
  user_id?: string;
  q?: string;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function adminFilter(query: AdminListFilter): Filter {
  return {
    ...(query.kind === 'any' ? {} : { kind: query.kind }),
    ...(query.active === undefined ? {} : { active: query.active }),
    ...(query.user_id ? { audience: query.user_id } : {}),
    // The typed words are matched literally: an admin's `.*` is not a pattern.
    ...(query.q ? { title: { $regex: escapeRegex(query.q), $options: 'i' } } : {}),
  };
}

/** Admins' list, newest first, with each one's read count. */
export async function adminNotificationList(
  store: DocumentStore,
  query: AdminListFilter,
  now: Date = new Date(),
): Promise<AdminNotificationList> {
  const notifications = openNotifications(store);
  const filter = adminFilter(query);
  const total = await notifications.countDocuments(filter);
  const page = await notifications.find(filter, {
    sort: { created_at: -1, _id: -1 },
    skip: (query.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const reads = openReads(store);
  const views = await Promise.all(
    page.map(async (n) => adminView(n, await reads.countDocuments({ notification_id: n._id }), now)),
  );
  return { ok: true, notifications: views, ...pagingOf(total, query.page, PAGE_SIZE) };
}
