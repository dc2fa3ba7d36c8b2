import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminSubscriptionsQuery, useAdminUserPurchasesQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import { Pager } from './Pager.tsx';
import { PurchaseTable } from './PurchaseTable.tsx';
import { SubscriptionTable } from './SubscriptionTable.tsx';

export function UserPurchasesTab({ userId }: { userId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminUserPurchasesQuery({ base: apiBase, userId, page });
  return (
    <Card>
      {isFetching && !data && <Spinner label={t('billing.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {data && data.purchases.length === 0 && <p className="admin-empty">{t('billing.history.none')}</p>}
      {data && data.purchases.length > 0 && <PurchaseTable purchases={data.purchases} showUser={false} />}
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </Card>
  );
}

export function UserSubscriptionTab({ userId }: { userId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, isFetching, error } = useAdminSubscriptionsQuery({ base: apiBase, page: 1, user_id: userId });
  return (
    <Card>
      {isFetching && !data && <Spinner label={t('billing.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {data && data.subscriptions.length === 0 && <p className="admin-empty">{t('billing.subs.noneForUser')}</p>}
      {data && data.subscriptions.length > 0 && (
        <SubscriptionTable subscriptions={data.subscriptions} showUser={false} />
      )}
    </Card>
  );
}
