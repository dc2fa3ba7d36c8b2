import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@talkwith/proto/identity';
import { errorMessageOf } from '../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { usePopup } from '../../app/shell.ts';
import { Card, Field, Notice, Spinner } from '../../app/ui.tsx';
import { useAdminBase } from './AdminBase.tsx';
import { when } from './billing/format.ts';
import { useAdminTexts } from './i18n.ts';
import { useAdminDeleteUserMutation, useAdminUsersQuery } from './adminApi.ts';
import { filtersChanged, pageChanged, selectAdminFilters } from './adminSlice.ts';

/** The line the detail page leaves in the address's state after deleting an account. */
const noticeOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : null;

function UserRow({ user, apiBase }: { user: PublicUser; apiBase: string }) {
  const { t, i18n } = useTranslation('adminMain');
  const popup = usePopup();
  const { basePath } = useAdminBase();
  const [remove] = useAdminDeleteUserMutation();
  const date = (value: string | null) => when(value, i18n.language);
  const confirmDelete = () =>
    popup.show({
      message: t('admin.deleteConfirm', { email: user.email }),
      ok: {
        title: t('admin.delete'),
        onClick: async () => {
          await remove({ base: apiBase, id: user.id });
        },
      },
      cancel: { title: t('common.cancel') },
    });
  return (
    <tr>
      <td data-label={t('form.email')}>
        <Link to={`${basePath}/users/${encodeURIComponent(user.id)}`} title={user.id}>
          {user.email}
        </Link>
      </td>
      <td data-label={t('admin.roles')}>{user.roles.join(', ')}</td>
      <td data-label={t('admin.confirmed')}>{user.email_confirmed ? '✓' : '—'}</td>
      <td data-label={t('admin.created')}>{date(user.created_at)}</td>
      <td data-label={t('admin.lastLogin')}>{date(user.last_login_at)}</td>
      <td>
        <button type="button" className="btn btn--danger btn--small" onClick={confirmDelete}>
          {t('admin.delete')}
        </button>
      </td>
    </tr>
  );
}

export function UsersPage({ apiBase }: { apiBase: string }) {
  const { t } = useTranslation('adminMain');
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAdminFilters);
  const { t: ta } = useAdminTexts('console');
  const notice = noticeOf(useLocation().state);
  const { data, isFetching, error } = useAdminUsersQuery({ base: apiBase, ...filters });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card>
      <div className="toolbar">
        <Field
          label={t('form.email')}
          type="search"
          value={filters.email}
          onChange={(e) => dispatch(filtersChanged({ email: e.target.value }))}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={filters.exact}
            onChange={(e) => dispatch(filtersChanged({ exact: e.target.checked }))}
          />
          {t('admin.exact')}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.onlyNew}
            onChange={(e) => dispatch(filtersChanged({ onlyNew: e.target.checked }))}
          />
          {t('admin.onlyNew')}
        </label>
      </div>
      {notice && <Notice kind="success">{notice}</Notice>}
      {isFetching && <Spinner label={t('common.loading')} />}
      {error && <Notice kind="error">{errorMessageOf(error, t('common.failed'))}</Notice>}
      {data && (
        <>
          <p className="muted small">
            {t('admin.total', { n: data.total })} · {ta('jst')}
          </p>
          <table className="table">
            <thead>
              <tr>
                <th>{t('form.email')}</th>
                <th>{t('admin.roles')}</th>
                <th>{t('admin.confirmed')}</th>
                <th>{t('admin.created')}</th>
                <th>{t('admin.lastLogin')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <UserRow key={user.id} user={user} apiBase={apiBase} />
              ))}
            </tbody>
          </table>
          <div className="pager">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={filters.page <= 1}
              onClick={() => dispatch(pageChanged(filters.page - 1))}
            >
              {t('admin.prev')}
            </button>
            <span>
              {filters.page} / {pages}
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={filters.page >= pages}
              onClick={() => dispatch(pageChanged(filters.page + 1))}
            >
              {t('admin.next')}
            </button>
          </div>
        </>
      )}
    </Card>
  );
}
