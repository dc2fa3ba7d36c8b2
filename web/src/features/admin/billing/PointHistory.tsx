import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminPointHistoryQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import { when } from './format.ts';
import { UserName } from './UserName.tsx';
import { Pager } from './Pager.tsx';
import { JstNote } from '../JstNote.tsx';

/** The operators' recent point moves (MA0001 / MA0009) with who acted. */
export function PointHistory() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminPointHistoryQuery({ base: apiBase, page });
  return (
    <Card>
      <h3 className="section-title">{t('billing.points.history')}</h3>
      <JstNote />
      {isFetching && !data && <Spinner label={t('billing.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {data && data.items.length === 0 && <p className="admin-empty">{t('billing.points.noHistory')}</p>}
      {data && data.items.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('billing.when')}</th>
              <th>{t('billing.purchase.user')}</th>
              <th>{t('billing.points.code')}</th>
              <th className="num">{t('billing.points.points')}</th>
              <th>{t('billing.reason')}</th>
              <th>{t('billing.points.operator')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((e, i) => (
              <tr key={`${e.at}-${i}`}>
                <td data-label={t('billing.when')} className="small">
                  {when(e.at, i18n.language)}
                </td>
                <td data-label={t('billing.purchase.user')}>
                  <Link to={`${basePath}/full/users/${encodeURIComponent(e.user_id)}`}>
                    <UserName id={e.user_id} />
                  </Link>
                </td>
                <td data-label={t('billing.points.code')}>
                  {t(`billing.code.${e.code}`)} <span className="muted small">{e.code}</span>
                </td>
                <td data-label={t('billing.points.points')} className="num">
                  {e.delta < 0 ? '−' : '+'}
                  {Math.abs(e.delta).toLocaleString(i18n.language)}
                </td>
                <td data-label={t('billing.reason')}>{e.reason ?? '—'}</td>
                <td data-label={t('billing.points.operator')} className="small">
                  {e.admin_id ? <UserName id={e.admin_id} /> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </Card>
  );
}
