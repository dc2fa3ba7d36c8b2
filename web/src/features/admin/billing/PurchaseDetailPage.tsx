import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminPurchaseQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import type { AdminPurchaseDetail } from './contract.ts';
import { refundableOf, when, yen } from './format.ts';
import { CancelDialog, RefundDialog } from './PurchaseActions.tsx';
import { PurchaseBadge } from './PurchaseTable.tsx';
import '../characters/characters.css';
import './billing.css';

type Detail = AdminPurchaseDetail['purchase'];

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return <dl className="billing-facts">{rows.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}</dl>;
}

function PurchaseFacts({ purchase }: { purchase: Detail }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const result = purchase.provider_result;
  return (
    <>
      <Facts rows={[
        [t('billing.purchase.status'), <PurchaseBadge purchase={purchase} />],
        [t('billing.purchase.user'), <Link to={`${basePath}/full/users/${encodeURIComponent(purchase.user_id)}`}><code>{purchase.user_id}</code></Link>],
        [t('billing.purchase.product'), `${purchase.name}（${purchase.product_id}）`],
        [t('billing.purchase.amount'), yen(purchase.amount, i18n.language)],
        [t('billing.purchase.refunded'), yen(purchase.refunded, i18n.language)],
        [t('billing.purchase.createdAt'), when(purchase.created_at, i18n.language)],
        [t('billing.purchase.settledAt'), when(purchase.settled_at, i18n.language)],
      ]} />
      <h3 className="billing-subtitle">{t('billing.detail.provider')}</h3>
      <Facts rows={[
        ['orderId', <code>{result?.orderId ?? purchase.order_id}</code>],
        ['vResultCode', <code>{result?.vResultCode ?? '—'}</code>],
        ...(result?.mstatus ? [['mstatus', <code>{result.mstatus}</code>] as [string, ReactNode]] : []),
      ]} />
    </>
  );
}

function GrantsAndRefunds({ purchase }: { purchase: Detail }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  return (
    <>
      <h3 className="billing-subtitle">{t('billing.detail.grants')}</h3>
      {(purchase.grants ?? []).length === 0 ? <p className="muted small">{t('billing.detail.noGrants')}</p> : (
        <ul className="billing-list">{purchase.grants!.map((g, i) => <li key={g.lot_id ?? i}>{t(`billing.grant.${g.asset}`, { n: g.amount })}</li>)}</ul>
      )}
      <h3 className="billing-subtitle">{t('billing.detail.refunds')}</h3>
      {(purchase.refunds ?? []).length === 0 ? <p className="muted small">{t('billing.detail.noRefunds')}</p> : (
        <table className="admin-table">
          <thead><tr><th>{t('billing.when')}</th><th className="num">{t('billing.purchase.amount')}</th><th>{t('billing.reason')}</th></tr></thead>
          <tbody>{purchase.refunds!.map((r) => (
            <tr key={`${r.at}-${r.amount}`}>
              <td data-label={t('billing.when')} className="small">{when(r.at, i18n.language)}</td>
              <td data-label={t('billing.purchase.amount')} className="num">{yen(r.amount, i18n.language)}</td>
              <td data-label={t('billing.reason')}>{r.reason}</td>
            </tr>
          ))}</tbody>
        </table>
      )}
    </>
  );
}

/** `full/purchases/:purchase_id`: one purchase with the provider's answer, its grants and refunds; full cancel and partial refund. */
export function PurchaseDetailPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const { purchase_id: purchaseId = '' } = useParams();
  const { data, isLoading, error } = useAdminPurchaseQuery({ base: apiBase, purchaseId });
  const [dialog, setDialog] = useState<'cancel' | 'refund' | null>(null);
  const purchase = data?.purchase;
  const refundable = purchase ? refundableOf(purchase) : 0;
  return (
    <>
      <nav className="billing-trail"><Link to={`${basePath}/payment/history`}>{t('billing.history.title')}</Link> › <code>{purchaseId}</code></nav>
      <div className="admin-head">
        <h2 className="admin-head__title">{purchase?.name ?? t('billing.detail.title')}</h2>
        {purchase && refundable > 0 && (
          <div className="admin-head__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setDialog('refund')}>{t('billing.detail.refund')}</button>
            <button type="button" className="btn btn--danger" onClick={() => setDialog('cancel')}>{t('billing.detail.cancel')}</button>
          </div>
        )}
      </div>
      {isLoading && <Spinner label={t('billing.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {purchase && (
        <>
          <Card><PurchaseFacts purchase={purchase} /></Card>
          <Card><GrantsAndRefunds purchase={purchase} /></Card>
          {dialog === 'cancel' && <CancelDialog purchase={purchase} onClose={() => setDialog(null)} />}
          {dialog === 'refund' && <RefundDialog purchase={purchase} onClose={() => setDialog(null)} />}
        </>
      )}
    </>
  );
}
