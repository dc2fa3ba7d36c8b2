import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import type { AdminPurchaseView, PurchaseView } from '@talkwith/proto/billing';
import { UserName } from './UserName.tsx';
import { badgeToneOf, purchaseBadgeOf, when, yen } from './format.ts';

export function PurchaseBadge({ purchase }: { purchase: Pick<PurchaseView, 'status' | 'refunded'> }) {
  const { t } = useTranslation(ADMIN_NS);
  const badge = purchaseBadgeOf(purchase);
  return <span className={`badge badge--${badgeToneOf(badge)}`}>{t(`billing.status.${badge}`)}</span>;
}

function PurchaseRow({ purchase, showUser }: { purchase: AdminPurchaseView; showUser: boolean }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const badge = purchaseBadgeOf(purchase);
  const attention = badge === 'pending' || badge === 'unknown';
  return (
    <tr className={attention ? 'billing-row--attention' : undefined}>
      <td data-label={t('billing.purchase.createdAt')} className="small">
        {when(purchase.created_at, i18n.language)}
      </td>
      {showUser && (
        <td data-label={t('billing.purchase.user')}>
          <Link to={`${basePath}/full/users/${encodeURIComponent(purchase.user_id)}`}>
            <UserName id={purchase.user_id} />
          </Link>
        </td>
      )}
      <td data-label={t('billing.purchase.product')}>
        <Link
          className="admin-table__name billing-product"
          to={`${basePath}/full/purchases/${encodeURIComponent(purchase.purchase_id)}`}
        >
          {purchase.name}
        </Link>
      </td>
      <td data-label={t('billing.purchase.amount')} className="num">
        {yen(purchase.amount, i18n.language)}
      </td>
      <td data-label={t('billing.purchase.refunded')} className="num">
        {purchase.refunded > 0 ? yen(purchase.refunded, i18n.language) : '—'}
      </td>
      <td data-label={t('billing.purchase.status')}>
        <PurchaseBadge purchase={purchase} />
      </td>
      <td data-label={t('billing.purchase.orderNumber')} className="small mono">
        {purchase.order_number}
      </td>
    </tr>
  );
}

/** Purchases, newest first, each linked to its detail page (payment history and a user's purchases tab). */
export function PurchaseTable({ purchases, showUser = true }: { purchases: AdminPurchaseView[]; showUser?: boolean }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th>{t('billing.purchase.createdAt')}</th>
          {showUser && <th>{t('billing.purchase.user')}</th>}
          <th>{t('billing.purchase.product')}</th>
          <th className="num">{t('billing.purchase.amount')}</th>
          <th className="num">{t('billing.purchase.refunded')}</th>
          <th>{t('billing.purchase.status')}</th>
          <th>{t('billing.purchase.orderNumber')}</th>
        </tr>
      </thead>
      <tbody>
        {purchases.map((p) => (
          <PurchaseRow key={p.purchase_id} purchase={p} showUser={showUser} />
        ))}
      </tbody>
    </table>
  );
}
