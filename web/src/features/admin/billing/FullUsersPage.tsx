import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminUsersQuery } from '../adminApi.ts';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import { when } from './format.ts';
import '../characters/characters.css';
import './billing.css';

/** `full/users`: the accounts (identity's admin users list), each opening its billing page. */
export function FullUsersPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const [email, setEmail] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminUsersQuery({
    base: apiBase,
    email: email.trim(),
    exact: false,
    onlyNew: false,
    page,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('billing.users.title')}</h2>
      </div>
      <Card>
        <div className="toolbar">
          <Field
            label={t('billing.users.search')}
            type="search"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {isFetching && !data && <Spinner label={t('billing.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
        {data && data.users.length === 0 && <p className="admin-empty">{t('billing.users.none')}</p>}
        {data && data.users.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('billing.users.email')}</th>
                <th>{t('billing.users.id')}</th>
                <th>{t('billing.users.created')}</th>
                <th>{t('billing.users.lastLogin')}</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <Link className="admin-table__name" to={`${basePath}/full/users/${encodeURIComponent(user.id)}`}>
                      {user.email}
                    </Link>
                  </td>
                  <td data-label={t('billing.users.id')} className="small">
                    <code>{user.id}</code>
                  </td>
                  <td data-label={t('billing.users.created')} className="small">
                    {when(user.created_at, i18n.language)}
                  </td>
                  <td data-label={t('billing.users.lastLogin')} className="small">
                    {when(user.last_login_at, i18n.language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && pages > 1 && (
          <div className="pager">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('billing.prev')}
            </button>
            <span>{t('billing.pageOf', { page, pages, total: data.total })}</span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('billing.next')}
            </button>
          </div>
        )}
      </Card>
    </>
  );
}
