import type { DocumentStore, Filter, Transaction } from '@talkwith/platform';
import { PAGE_SIZE, type MarkReadBody, type NewsList, type NotificationList } from '@talkwith/proto/engagement';
import { EVERYONE, openNotifications, openReads, readId, type StoredNotification } from './model.ts';
import { customerView, newsView, pagingOf } from './views.ts';
import { notificationErrors } from '../errors.ts';

type Store = DocumentStore | Transaction;

/** Newest first; the id breaks ties so pages never overlap. */
const NEWEST_FIRST = { published_at: -1, _id: -1 } as const;

/**
 * What a user may see: to everyone or to them, switched on, already
 * published; `runningOnly` also drops those whose window has ended. Drafts
 * and scheduled ones are never shown, whatever the query says.
 */
function visibleTo(userId: string, now: Date, runningOnly: boolean): Filter {
  const at = now.toISOString();
  return {
    audience: { $in: [EVERYONE, userId] },
    active: true,
    published_at: { $lte: at },
    ...(runningOnly ? { ends_at: { $gt: at } } : {}),
  };
}

/** The ids the user has read (at most one row per notification they could see). */
async function readIdsOf(store: Store, userId: string): Promise<string[]> {
  const reads = await openReads(store).find({ user_id: userId }, { projection: { notification_id: 1 } });
  return reads.map((read) => read.notification_id);
}

const unreadIn = (filter: Filter, readIds: string[]): Filter =>
  readIds.length > 0 ? { ...filter, _id: { $nin: readIds } } : filter;
const readIn = (filter: Filter, readIds: string[]): Filter => ({ ...filter, _id: { $in: readIds } });

/** The menu badge: unread notifications that are running now. */
export async function unreadCount(
  store: Store,
  userId: string,
  now: Date = new Date(),
  readIds?: string[],
): Promise<number> {
  return openNotifications(store).countDocuments(
    unreadIn(visibleTo(userId, now, true), readIds ?? (await readIdsOf(store, userId))),
  );
}

export interface InboxQuery {
  userId: string;
  page: number;
  /** Only those inside their window (default); false adds ended ones. */
  runningOnly: boolean;
  unreadOnly: boolean;
  now?: Date;
}

/**
 * One page of the user's notifications, unread first, then newest first.
 * Two ordered queries (unread, then read) split at the unread count, so the
 * store pages each with its index instead of sorting everything in memory.
 */
export async function inboxPage(store: DocumentStore, query: InboxQuery): Promise<NotificationList> {
  const { userId, page, runningOnly, unreadOnly, now = new Date() } = query;
  const notifications = openNotifications(store);
  const readIds = await readIdsOf(store, userId);
  const filter = visibleTo(userId, now, runningOnly);
  const unreadTotal = await notifications.countDocuments(unreadIn(filter, readIds));
  const readTotal =
    unreadOnly || readIds.length === 0 ? 0 : await notifications.countDocuments(readIn(filter, readIds));
  const offset = (page - 1) * PAGE_SIZE;
  const unread =
    offset < unreadTotal
      ? await notifications.find(unreadIn(filter, readIds), { sort: NEWEST_FIRST, skip: offset, limit: PAGE_SIZE })
      : [];
  const room = PAGE_SIZE - unread.length;
  const read =
    room > 0 && readTotal > 0
      ? await notifications.find(readIn(filter, readIds), {
          sort: NEWEST_FIRST,
          skip: Math.max(0, offset - unreadTotal),
          limit: room,
        })
      : [];
  return {
    ok: true,
    notifications: [...unread.map((n) => customerView(n, false)), ...read.map((n) => customerView(n, true))],
    unread: runningOnly ? unreadTotal : await unreadCount(store, userId, now, readIds),
    ...pagingOf(unreadTotal + readTotal, page, PAGE_SIZE),
  };
}

/** One of the user's notifications (ended ones included); 404 when it is not theirs or not published. */
export async function notificationFor(
  store: DocumentStore,
  userId: string,
  id: string,
  now: Date = new Date(),
): Promise<StoredNotification & { read: boolean }> {
  const found = await openNotifications(store).findOne({ _id: id, ...visibleTo(userId, now, false) });
  if (!found) throw notificationErrors.notFound();
  const read = (await openReads(store).findOne({ _id: readId(userId, id) })) !== null;
  return { ...found, read };
}

/** The notifications a mark-read request names, limited to those the user can see (others are ignored). */
async function toMark(tx: Transaction, userId: string, body: MarkReadBody, now: Date): Promise<StoredNotification[]> {
  const notifications = openNotifications(tx);
  if (body.all)
    return notifications.find(unreadIn(visibleTo(userId, now, true), await readIdsOf(tx, userId)), {
      projection: { _id: 1 },
    });
  if (body.ids)
    return notifications.find(
      { ...visibleTo(userId, now, false), _id: { $in: [...new Set(body.ids)] } },
      { projection: { _id: 1 } },
    );
  throw notificationErrors.nothingToMarkRead();
}

/** Marks notifications read for the user (idempotent: one row per user and notification); returns the new badge count. */
export async function markRead(
  store: DocumentStore,
  userId: string,
  body: MarkReadBody,
  now: Date = new Date(),
): Promise<number> {
  return store.withTransaction(async (tx) => {
    const reads = openReads(tx);
    for (const { _id } of await toMark(tx, userId, body, now)) {
      await reads.updateOne(
        { _id: readId(userId, _id) },
        { $setOnInsert: { user_id: userId, notification_id: _id, read_at: now.toISOString() } },
        { upsert: true },
      );
    }
    return unreadCount(tx, userId, now);
  });
}

/** Public news: running `is_news` notifications to everyone, newest first. */
export async function newsPage(store: DocumentStore, page: number, now: Date = new Date()): Promise<NewsList> {
  const at = now.toISOString();
  const filter = { is_news: true, audience: EVERYONE, active: true, published_at: { $lte: at }, ends_at: { $gt: at } };
  const notifications = openNotifications(store);
  const total = await notifications.countDocuments(filter);
  const items = await notifications.find(filter, {
    sort: NEWEST_FIRST,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return { ok: true, news: items.map(newsView), ...pagingOf(total, page, PAGE_SIZE) };
}
