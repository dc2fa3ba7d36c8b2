import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { TrailName } from '../TrailName.tsx';
import { useAdminPurchaseQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import type { AdminPurchaseReply } from '@talkwith/proto/billing';
import { refundableOf, when, yen } from './format.ts';
import { CancelDialog, RefundDialog } from './PurchaseActions.tsx';
import { PurchaseBadge } from './PurchaseTable.tsx';
import '../characters/characters.css';
import './billing.css';

type Detail = AdminPurchaseReply['purchase'];

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="billing-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PurchaseFacts({ purchase }: { purchase: Detail }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const result = purchase.provider_result;
  return (
    <>
      <Facts
        rows={[
          [t('billing.purchase.orderNumber'), <code>{purchase.order_number}</code>],
          [t('billing.purchase.status'), <PurchaseBadge purchase={purchase} />],
          [
            t('billing.purchase.user'),
            <Link to={`${basePath}/full/users/${encodeURIComponent(purchase.user_id)}`}>
              <code>{purchase.user_id}</code>
            </Link>,
          ],
          [t('billing.purchase.product'), `${purchase.name}（${purchase.product_id}）`],
          [t('billing.purchase.amount'), yen(purchase.amount, i18n.language)],
          [t('billing.purchase.refunded'), yen(purchase.refunded, i18n.language)],
          [t('billing.purchase.createdAt'), when(purchase.created_at, i18n.language)],
          [t('billing.purchase.settledAt'), when(purchase.settled_at, i18n.language)],
        ]}
      />
      <h3 className="billing-subtitle">{t('billing.detail.provider')}</h3>
      <Facts
        rows={[
          ['orderId', <code>{purchase.order_id}</code>],
          ['vResultCode', <code>{result?.vResultCode ?? '—'}</code>],
          ['mstatus', <code>{result?.mstatus ?? '—'}</code>],
          ...(result?.message ? [[t('billing.detail.providerMessage'), result.message] as [string, ReactNode]] : []),
          [t('billing.detail.attempts'), purchase.attempts],
        ]}
      />
    </>
  );
}

/** What the purchase granted (its product's tickets, points or character) and how much of it was refunded. */
function GrantsAndRefunds({ purchase }: { purchase: Detail }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const grants = [
    ...(purchase.tickets ? [t('billing.grant.tickets', { n: purchase.tickets })] : []),
    ...(purchase.points ? [t('billing.grant.points', { n: purchase.points.toLocaleString(i18n.language) })] : []),
    ...(purchase.character_id ? [t('billing.grant.character', { id: purchase.character_id })] : []),
  ];
  return (
    <>
      <h3 className="billing-subtitle">{t('billing.detail.grants')}</h3>
      {grants.length === 0 ? (
        <p className="muted small">{t('billing.detail.noGrants')}</p>
      ) : (
        <ul className="billing-list">
          {grants.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      )}
      {purchase.status === 'captured' && purchase.refunded === 0 ? null : (
        <p className="muted small">
          {purchase.status === 'canceled'
            ? t('billing.detail.grantsTakenBack')
            : purchase.status === 'captured'
              ? t('billing.detail.grantsKept')
              : t('billing.detail.notGranted')}
        </p>
      )}
      <h3 className="billing-subtitle">{t('billing.detail.refunds')}</h3>
      <Facts
        rows={[
          [t('billing.purchase.refunded'), yen(purchase.refunded, i18n.language)],
          [t('billing.detail.refundable'), yen(refundableOf(purchase), i18n.language)],
        ]}
      />
      {purchase.note && (
        <p className="small">
          {t('billing.detail.note')}：{purchase.note}
        </p>
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
      <nav className="billing-trail">
        <Link to={`${basePath}/payment/history`}>{t('billing.history.title')}</Link> ›{' '}
        <TrailName id={purchaseId} name={purchase?.name} pending={isLoading} />
      </nav>
      <div className="admin-head">
        <h2 className="admin-head__title">{purchase?.name ?? t('billing.detail.title')}</h2>
        {purchase && refundable > 0 && (
          <div className="admin-head__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setDialog('refund')}>
              {t('billing.detail.refund')}
            </button>
            <button type="button" className="btn btn--danger" onClick={() => setDialog('cancel')}>
              {t('billing.detail.cancel')}
            </button>
          </div>
        )}
      </div>
      {isLoading && <Spinner label={t('billing.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {purchase && (
        <>
          <Card>
            <PurchaseFacts purchase={purchase} />
          </Card>
          <Card>
            <GrantsAndRefunds purchase={purchase} />
          </Card>
          {dialog === 'cancel' && <CancelDialog purchase={purchase} onClose={() => setDialog(null)} />}
          {dialog === 'refund' && <RefundDialog purchase={purchase} onClose={() => setDialog(null)} />}
        </>
      )}
    </>
  );
}
