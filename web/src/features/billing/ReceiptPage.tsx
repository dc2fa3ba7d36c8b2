import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Receipt } from '@talkwith/proto/billing';
import { Notice, Page, Spinner } from '../../app/ui.tsx';
import { useReceiptQuery } from './billingApi.ts';
import { formatDate, formatYen } from './format.ts';
import './billing.css';

/**
 * /full/purchases/:purchase_id/receipt: the receipt (領収書) of one paid
 * purchase or plan period, as a page the browser prints or saves as PDF
 * (print styles leave only the receipt). The server answers only the
 * caller's own (another user's is 404, shown as not found).
 */
export default function ReceiptPage() {
  const { t } = useTranslation('billing');
  const { purchase_id: purchaseId = '' } = useParams();
  const query = useReceiptQuery(purchaseId, { skip: !purchaseId });
  return (
    <Page title={t('billing.receipt.title')} lead={<span className="no-print">{t('billing.receipt.lead')}</span>}>
      {query.isLoading && <Spinner label={t('billing.loading')} />}
      {query.isError && <Notice kind="error">{t('billing.receipt.notFound')}</Notice>}
      {query.data && <ReceiptSheet receipt={query.data.receipt} />}
      <div className="receipt-actions no-print">
        {query.data && (
          <button type="button" className="btn btn--primary" onClick={() => window.print()}>
            {t('billing.receipt.print')}
          </button>
        )}
        <Link className="btn btn--ghost" to="/full/purchases">
          {t('billing.receipt.back')}
        </Link>
      </div>
    </Page>
  );
}

function paymentText(receipt: Receipt, t: TFunction<'billing'>): string {
  const { payment } = receipt;
  if (payment.method === 'other') return t('billing.receipt.other');
  const card = [payment.brand, payment.last4 ? t('billing.receipt.cardEnding', { last4: payment.last4 }) : undefined]
    .filter(Boolean)
    .join(' ');
  return card ? `${t('billing.receipt.card')}（${card}）` : t('billing.receipt.card');
}

export function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation('billing');
  const rows: Array<[string, string]> = [
    [t('billing.receipt.orderNumber'), receipt.order_number],
    [t('billing.receipt.issuedAt'), formatDate(receipt.issued_at, i18n.language)],
    [t('billing.receipt.item'), `${receipt.item} × ${receipt.quantity}`],
    [t('billing.receipt.amount'), `${formatYen(receipt.amount)}${t('billing.receipt.taxIncluded')}`],
    [t('billing.receipt.tax', { rate: receipt.tax_rate }), formatYen(receipt.tax)],
    ...(receipt.refunded > 0 ? [[t('billing.receipt.refunded'), formatYen(receipt.refunded)] as [string, string]] : []),
    [t('billing.receipt.payment'), paymentText(receipt, t)],
  ];
  const { seller } = receipt;
  return (
    <article className="receipt" aria-label={t('billing.receipt.title')}>
      <h2 className="receipt__title">{t('billing.receipt.title')}</h2>
      <p className="receipt__total">
        {formatYen(receipt.amount)}
        <span className="small">{t('billing.receipt.taxIncluded')}</span>
      </p>
      <dl className="receipt__rows">
        {rows.map(([term, detail]) => (
          <div key={term} className="receipt__row">
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
      <p className="receipt__received">{t('billing.receipt.received')}</p>
      <dl className="receipt__seller small">
        <div className="receipt__row">
          <dt>{t('billing.receipt.seller')}</dt>
          <dd>{seller.name}</dd>
        </div>
        <div className="receipt__row">
          <dt>{t('billing.receipt.address')}</dt>
          <dd>{seller.address}</dd>
        </div>
        {seller.registration_number && (
          <div className="receipt__row">
            <dt>{t('billing.receipt.registration')}</dt>
            <dd>{seller.registration_number}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
