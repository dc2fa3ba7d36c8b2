import type { AdminNotification, NewsItem, Notification } from '@talkwith/proto/engagement';
import { EVERYONE, type StoredNotification } from './model.ts';

/** The proto's `target` of a stored audience. */
export function targetOf(stored: Pick<StoredNotification, 'audience'>): AdminNotification['target'] {
  return stored.audience === EVERYONE ? 'all' : { user_id: stored.audience };
}

/** The stored audience of a proto `target`. */
export function audienceOf(target: AdminNotification['target']): string {
  return target === 'all' ? EVERYONE : target.user_id;
}

/** What the customer sees. */
export function customerView(stored: StoredNotification, read: boolean): Notification {
  return {
    id: stored._id,
    kind: stored.kind,
    title: stored.title,
    body: stored.body,
    is_news: stored.is_news,
    read,
    published_at: stored.published_at,
    publish_until: stored.publish_until,
    created_at: stored.created_at,
  };
}

export function newsView(stored: StoredNotification): NewsItem {
  return { id: stored._id, title: stored.title, body: stored.body, published_at: stored.published_at };
}

/** Where a notification stands for admins at `now`. */
export function stateOf(stored: StoredNotification, now: Date): AdminNotification['state'] {
  const at = now.toISOString();
  if (!stored.active) return 'inactive';
  if (stored.published_at > at) return 'scheduled';
  if (stored.ends_at <= at) return 'ended';
  return 'live';
}

export function adminView(stored: StoredNotification, readCount: number, now: Date): AdminNotification {
  return {
    id: stored._id,
    kind: stored.kind,
    title: stored.title,
    body: stored.body,
    active: stored.active,
    is_news: stored.is_news,
    publish_from: stored.publish_from,
    publish_until: stored.publish_until,
    target: targetOf(stored),
    state: stateOf(stored, now),
    read_count: readCount,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
    created_by: stored.created_by,
  };
}

/** A paged reply's counters (API.md: 20 a page). */
export function pagingOf(
  total: number,
  page: number,
  pageSize: number,
): { total: number; page: number; pages: number } {
  return { total, page, pages: Math.ceil(total / pageSize) };
}
