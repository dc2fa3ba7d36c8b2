import { useTranslation } from 'react-i18next';
import { errorMessageOf, statusOf, useNotificationsQuery } from '../../api/index.ts';
import { Notice, Spinner } from '../../app/ui.tsx';

interface NotificationItem {
  id: string;
  title: string;
  body: string;
  date: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The engagement service's list shape is not fixed yet (SPEC.md §3 shows only id), so read the usual field names. */
export function toNotificationItems(data: unknown): NotificationItem[] {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const list = Array.isArray(data) ? data : Array.isArray(record.notifications) ? record.notifications : Array.isArray(record.items) ? record.items : [];
  return list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null).map((item, index) => ({
    id: text(item.id) || String(index),
    title: text(item.title),
    body: text(item.body) || text(item.content) || text(item.message),
    date: text(item.published_at) || text(item.created_at) || null,
  }));
}

export function NotificationList() {
  const { t, i18n } = useTranslation();
  const { data, isLoading, error } = useNotificationsQuery({ page: 1 });
  if (isLoading) return <Spinner label={t('common.loading')} />;
  // A 404 means the notification service is not mounted (yet): say so in the reader's language, not the router's.
  if (error) return <Notice kind="error">{statusOf(error) === 404 ? t('notifications.failed') : errorMessageOf(error, t('notifications.failed'))}</Notice>;
  const items = toNotificationItems(data);
  if (items.length === 0) return <p className="muted">{t('notifications.empty')}</p>;
  return (
    <ul className="notice-list">
      {items.map((item) => (
        <li key={item.id}>
          {item.date && <time className="muted small">{new Date(item.date).toLocaleDateString(i18n.language)}</time>}
          <strong>{item.title}</strong>
          {item.body && <p>{item.body}</p>}
        </li>
      ))}
    </ul>
  );
}
