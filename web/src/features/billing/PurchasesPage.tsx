import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseView } from '@talkwith/proto/billing';
import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import { usePurchaseHistoryQuery } from './billingApi.ts';
import { formatDateTime, formatYen } from './format.ts';
import './billing.css';
import { useLocalized } from '../../i18n/localized.ts';

/** Paid purchases have a receipt (a refund is printed on it); the others were never charged. */
const RECEIPTED: PurchaseView['status'][] = ['captured', 'canceled'];

/** API.md: 20 purchases a page. */
const PAGE_SIZE = 20;

/** /full/purchases: what the customer bought, what it cost, how it ended, what was refunded. */
export default function PurchasesPage() {
  const { t } = useTranslation('billing');
  const user = useAppSelector(selectUser);
  const [page, setPage] = useState(1);
  const history = usePurchaseHistoryQuery({ user_id: user?.id ?? '', page }, { skip: !user });
  const purchases = history.data?.purchases ?? [];
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Page title={t('billing.history.title')} lead={t('billing.history.lead')}>
      {history.isLoading && <Spinner label={t('billing.loading')} />}
      {history.isError && <Notice kind="error">{t('billing.loadFailed')}</Notice>}
      {history.data && purchases.length === 0 && (
        <Card>
          <p className="muted">{t('billing.history.empty')}</p>
          <Link className="btn btn--ghost" to="/mypage#plan_list">
            {t('billing.toPlanList')}
          </Link>
        </Card>
      )}
      {purchases.length > 0 && (
        <ul className="purchase-list" aria-label={t('billing.history.title')}>
          {purchases.map((purchase) => (
            <PurchaseRow key={purchase.purchase_id} purchase={purchase} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t('billing.history.pages')}>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('billing.history.previous')}
          </button>
          <span className="small">{t('billing.history.pageOf', { page, pages })}</span>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('billing.history.next')}
          </button>
        </nav>
      )}
      {purchases.length > 0 && (
        <Link className="btn btn--ghost" to="/mypage#plan_list">
          {t('billing.toPlanList')}
        </Link>
      )}
    </Page>
  );
}

function PurchaseRow({ purchase }: { purchase: PurchaseView }) {
  const { t, i18n } = useTranslation('billing');
  const label = useLocalized();
  return (
    <li className="purchase">
      <div className="purchase__head">
        <span className="purchase__name">{label(purchase.name, purchase.name_i18n)}</span>
        <span className={`status status--${purchase.status}`}>{t(`billing.status.${purchase.status}`)}</span>
      </div>
      <div className="purchase__meta small muted">
        <time dateTime={purchase.created_at}>{formatDateTime(purchase.created_at, i18n.language)}</time>
        <span>
          {t('billing.history.orderNumber')} <span className="mono">{purchase.order_number}</span>
        </span>
      </div>
      <div className="purchase__amounts">
        <span className="purchase__amount">{formatYen(purchase.amount)}</span>
        {purchase.refunded > 0 && (
          <span className="purchase__refund">
            {t('billing.history.refunded', { amount: formatYen(purchase.refunded) })}
          </span>
        )}
        {RECEIPTED.includes(purchase.status) && (
          <Link
            className="purchase__receipt"
            to={`/full/purchases/${encodeURIComponent(purchase.purchase_id)}/receipt`}
          >
            {t('billing.history.receipt')}
          </Link>
        )}
      </div>
    </li>
  );
}
