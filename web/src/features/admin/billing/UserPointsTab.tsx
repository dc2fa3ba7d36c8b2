import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminUserPointsQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import { EntryTable, LotTable } from './LedgerTables.tsx';
import { Pager } from './Pager.tsx';

/** A user's points: lots with expiry and the history with its codes (SU0001 …) in words; giving is on point/give. */
export function UserPointsTab({ userId }: { userId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminUserPointsQuery({ base: apiBase, userId, page });
  return (
    <>
      <Card>
        {isFetching && !data && <Spinner label={t('billing.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
        {data && (
          <>
            <div className="admin-head">
              <p className="billing-total">{t('billing.ledger.pointTotal', { n: data.points.toLocaleString() })}</p>
              <Link
                className="btn btn--ghost btn--small"
                to={`${basePath}/point/give?user=${encodeURIComponent(userId)}`}
              >
                {t('billing.points.title')}
              </Link>
            </div>
            <LotTable lots={data.lots} unit="points" />
          </>
        )}
      </Card>
      {data && (
        <Card>
          <h3 className="billing-subtitle">{t('billing.ledger.history')}</h3>
          <EntryTable entries={data.entries} />
          <Pager page={page} total={data.total} onPage={setPage} />
        </Card>
      )}
    </>
  );
}
