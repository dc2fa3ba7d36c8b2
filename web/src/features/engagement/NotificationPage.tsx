import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@talkwith/proto/engagement';
import { errorMessageOf } from '../../api/index.ts';
import { Notice, Page, Spinner } from '../../app/ui.tsx';
import { useMarkNotificationsReadMutation, useNotificationsQuery } from './engagementApi.ts';
import { formatDateTime } from './format.ts';
import { Pager } from './Pager.tsx';
import './engagement.css';

/** /notification (login required): every notification of the caller, page by page, unread first. */
export default function NotificationPage() {
  const { t } = useTranslation('engagement');
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [includePast, setIncludePast] = useState(false);
  // Only the filters that differ from the server's defaults go in the query (active=true, new=false).
  const list = useNotificationsQuery({
    page,
    ...(unreadOnly ? { new: true } : {}),
    ...(includePast ? { active: false } : {}),
  });
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const notifications = list.data?.notifications ?? [];
  const unread = list.data?.unread ?? 0;
  const filter = (set: (value: boolean) => void) => (value: boolean) => {
    set(value);
    setPage(1);
  };

  return (
    <Page
      title={t('engagement.notifications.title')}
      lead={list.data ? t('engagement.notifications.unreadCount', { count: unread }) : undefined}
    >
      <div className="engagement-toolbar">
        <label className="check">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => filter(setUnreadOnly)(e.target.checked)} />
          {t('engagement.notifications.unreadOnly')}
        </label>
        <label className="check">
          <input type="checkbox" checked={includePast} onChange={(e) => filter(setIncludePast)(e.target.checked)} />
          {t('engagement.notifications.includePast')}
        </label>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={unread === 0 || marking.isLoading}
          onClick={() => void markRead({ all: true })}
        >
          {t('engagement.notifications.markAll')}
        </button>
      </div>
      {marking.isError && (
        <Notice kind="error">{errorMessageOf(marking.error, t('engagement.notifications.markFailed'))}</Notice>
      )}
      {list.isLoading && <Spinner label={t('engagement.loading')} />}
      {list.isError && <Notice kind="error">{errorMessageOf(list.error, t('engagement.loadFailed'))}</Notice>}
      {list.data && notifications.length === 0 && <p className="card muted">{t('engagement.notifications.empty')}</p>}
      {notifications.length > 0 && (
        <ul className="engagement-feed" aria-label={t('engagement.notifications.title')}>
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={list.data?.pages ?? 1} label={t('engagement.notifications.pages')} onPage={setPage} />
    </Page>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation('engagement');
  const ended = notification.publish_until !== null && Date.parse(notification.publish_until) <= Date.now();
  return (
    <li className={`engagement-feed__item${notification.read ? '' : ' engagement-feed__item--unread'}`}>
      <div className="engagement-feed__head">
        <time className="small muted" dateTime={notification.published_at}>
          {formatDateTime(notification.published_at, i18n.language)}
        </time>
        {!notification.read && <span className="engagement-tag">{t('engagement.notifications.unread')}</span>}
        {ended && <span className="engagement-tag engagement-tag--past">{t('engagement.notifications.ended')}</span>}
      </div>
      <h2 className="engagement-feed__title">{notification.title}</h2>
      <p className="engagement-feed__body">{notification.body}</p>
    </li>
  );
}
