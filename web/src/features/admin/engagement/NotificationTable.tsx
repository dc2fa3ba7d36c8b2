import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminNotification } from '@talkwith/proto/engagement';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { Badge } from './Facts.tsx';
import { japanTime } from './time.ts';

const STATE_TONE = { inactive: 'off', scheduled: 'warn', live: 'on', ended: 'off' } as const;

export interface RowActions {
  onEdit: (n: AdminNotification) => void;
  onToggle: (n: AdminNotification) => void;
  onDelete: (n: AdminNotification) => void;
  busyId: string | null;
}

function Target({ notification }: { notification: AdminNotification }) {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  if (notification.target === 'all')
    return (
      <>
        {t('engagement.notifications.form.targetAll')}
        {notification.is_news && (
          <>
            {' '}
            <Badge tone="on">{t('engagement.notifications.news')}</Badge>
          </>
        )}
      </>
    );
  const userId = notification.target.user_id;
  return (
    <Link to={`${basePath}/full/users/${encodeURIComponent(userId)}`}>
      <code>{userId}</code>
    </Link>
  );
}

function NotificationRow({ notification: n, actions }: { notification: AdminNotification; actions: RowActions }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: c } = useAdminTexts('engagement.notifications.column');
  const busy = actions.busyId === n.id;
  return (
    <tr>
      <td>
        <strong>{n.title}</strong>
        {n.kind !== 'admin' && <div className="muted small">{t(`engagement.notifications.kind.${n.kind}`)}</div>}
      </td>
      <td data-label={c('target')}>
        <Target notification={n} />
      </td>
      <td data-label={c('state')}>
        <Badge tone={STATE_TONE[n.state]}>{t(`engagement.notifications.state.${n.state}`)}</Badge>
      </td>
      <td data-label={c('window')} className="small">
        {japanTime(n.publish_from ?? n.created_at, i18n.language)} –{' '}
        {n.publish_until ? japanTime(n.publish_until, i18n.language) : t('engagement.notifications.noEnd')}
      </td>
      <td data-label={c('reads')} className="num">
        {n.read_count.toLocaleString(i18n.language)}
      </td>
      <td data-label={c('actions')}>
        <div className="engagement-actions">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => actions.onEdit(n)}
            aria-label={t('engagement.notifications.editOne', { title: n.title })}
          >
            {t('engagement.edit')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={busy}
            onClick={() => actions.onToggle(n)}
            aria-label={t(
              n.active ? 'engagement.notifications.deactivateOne' : 'engagement.notifications.activateOne',
              { title: n.title },
            )}
          >
            {n.active ? t('engagement.notifications.deactivate') : t('engagement.notifications.activate')}
          </button>
          <button
            type="button"
            className="btn btn--danger btn--small"
            onClick={() => actions.onDelete(n)}
            aria-label={t('engagement.notifications.deleteOne', { title: n.title })}
          >
            {t('engagement.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

export function NotificationTable({
  notifications,
  actions,
}: {
  notifications: AdminNotification[];
  actions: RowActions;
}) {
  const { t: c } = useAdminTexts('engagement.notifications.column');
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th>{c('title')}</th>
          <th>{c('target')}</th>
          <th>{c('state')}</th>
          <th>{c('window')}</th>
          <th className="num">{c('reads')}</th>
          <th>{c('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {notifications.map((n) => (
          <NotificationRow key={n.id} notification={n} actions={actions} />
        ))}
      </tbody>
    </table>
  );
}
