import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationList as NotificationPage } from '@talkwith/proto/engagement';
import { errorMessageOf, selectSession } from '../../api/index.ts';
import { useMarkNotificationsReadMutation, useNotificationsQuery } from '../../app/engagement.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { usePopup } from '../../app/shell.ts';
import { Notice, Spinner } from '../../app/ui.tsx';

/**
 * The menu's notifications popup: the caller's first page, unread first (the
 * server's order), marked read once shown. A chunk of its own (NavMenu.tsx).
 */
export default function NotificationList() {
  const { t } = useTranslation('nav');
  const { status } = useAppSelector(selectSession);
  const popup = usePopup();
  if (status !== 'authenticated') {
    return (
      <div className="notification-popup">
        <p className="muted">{t('engagement.popup.loginFirst')}</p>
        <Link className="btn btn--primary btn--block" to="/login?redirect=%2Fnotification" onClick={popup.close}>
          {t('nav.login')}
        </Link>
      </div>
    );
  }
  return <CallerNotifications onLeave={popup.close} />;
}

const unreadIds = (page: NotificationPage) => page.notifications.filter((n) => !n.read).map((n) => n.id);

function CallerNotifications({ onLeave }: { onLeave: () => void }) {
  const { t, i18n } = useTranslation('nav');
  // Fetched afresh at each opening: the popup is where new notifications are noticed.
  const { data, isLoading, isFetching, error } = useNotificationsQuery(
    { page: 1 },
    { refetchOnMountOrArgChange: true },
  );
  const [markRead] = useMarkNotificationsReadMutation();
  // Which were unread when shown: they keep their mark while the popup is open, though the server has them read.
  const [shownUnread, setShownUnread] = useState<readonly string[] | null>(null);
  if (data && !isFetching && shownUnread === null) setShownUnread(unreadIds(data));
  useEffect(() => {
    if (shownUnread && shownUnread.length > 0) void markRead({ ids: shownUnread.slice(0, 100) });
  }, [shownUnread, markRead]);

  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (error) return <Notice kind="error">{errorMessageOf(error, t('notifications.failed'))}</Notice>;
  const items = data?.notifications ?? [];
  return (
    <div className="notification-popup">
      {items.length === 0 ? (
        <p className="muted">{t('notifications.empty')}</p>
      ) : (
        <ul className="notice-list" aria-label={t('nav.notifications')}>
          {items.map((item) => (
            <li key={item.id} className={shownUnread?.includes(item.id) ? 'notice-list__item--unread' : undefined}>
              <span className="notice-list__meta">
                <time className="muted small" dateTime={item.published_at}>
                  {new Date(item.published_at).toLocaleDateString(i18n.language)}
                </time>
                {shownUnread?.includes(item.id) && <span className="nav-badge">{t('engagement.popup.new')}</span>}
              </span>
              <strong>{item.title}</strong>
              {item.body && <p className="notice-list__body">{item.body}</p>}
            </li>
          ))}
        </ul>
      )}
      <Link className="btn btn--ghost btn--block" to="/notification" onClick={onLeave}>
        {t('engagement.popup.all')}
      </Link>
    </div>
  );
}
