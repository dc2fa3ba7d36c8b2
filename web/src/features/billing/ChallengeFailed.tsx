import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseView } from '@talkwith/proto/billing';
import { Card, Notice, Spinner } from '../../app/ui.tsx';
import { challengeCardOf } from './browser.ts';
import { usePaymentFlow } from './usePaymentFlow.ts';

/** The card form for the same product, opened on a new card (CreditPage reads ?card=new). */
export const anotherCardPath = (productId: string) =>
  `/payment/process/credit?product_id=${encodeURIComponent(productId)}&card=new`;
const sameProductPath = (productId: string) => `/payment/process/credit?product_id=${encodeURIComponent(productId)}`;

/**
 * A 3-D Secure challenge that did not pass: nothing was charged, and the way
 * on is offered — the same card again (a saved card is re-sent as a new
 * attempt with a new Idempotency-Key; a typed card must be typed again, its
 * token is spent), another card for the same product, or the history.
 */
export function ChallengeFailed({ purchase }: { purchase: PurchaseView }) {
  const { t } = useTranslation('billing');
  const cardId = challengeCardOf(purchase.order_id);
  return (
    <Card className="outcome outcome--declined">
      <Notice kind="info">{t('billing.challengeFailed.title')}</Notice>
      <p>{t('billing.challengeFailed.lead')}</p>
      <p className="muted small">{t('billing.challengeFailed.hint')}</p>
      <p className="muted small">{t('billing.outcome.orderIdLine', { orderId: purchase.order_number })}</p>
      {cardId ? (
        <RetrySavedCard productId={purchase.product_id} cardId={cardId} />
      ) : (
        <RetryTypedCard productId={purchase.product_id} />
      )}
    </Card>
  );
}

function RetrySavedCard({ productId, cardId }: { productId: string; cardId: string }) {
  const { t } = useTranslation('billing');
  const flow = usePaymentFlow({ product_id: productId }, t('billing.credit.failed'));
  const { outcome } = flow;
  if (outcome.kind === 'redirecting') return <Spinner label={t('billing.credit.toChallenge')} />;
  const problem =
    outcome.kind === 'error' || outcome.kind === 'declined'
      ? outcome.message || t('billing.outcome.declinedLead')
      : null;
  return (
    <>
      {problem && <Notice kind="error">{problem}</Notice>}
      {outcome.kind === 'success' && <Notice kind="success">{t('billing.outcome.successTitle')}</Notice>}
      <div className="billing-actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={flow.busy}
          onClick={() => void flow.pay({ card_id: cardId })}
        >
          {flow.busy ? t('billing.credit.paying') : t('billing.challengeFailed.retry')}
        </button>
        <Link className="btn btn--ghost" to={anotherCardPath(productId)}>
          {t('billing.outcome.tryAnotherCard')}
        </Link>
        <Link className="btn btn--ghost" to="/full/purchases">
          {t('billing.history.title')}
        </Link>
      </div>
    </>
  );
}

function RetryTypedCard({ productId }: { productId: string }) {
  const { t } = useTranslation('billing');
  return (
    <>
      <p className="muted small">{t('billing.challengeFailed.typeAgain')}</p>
      <div className="billing-actions">
        <Link className="btn btn--primary" to={sameProductPath(productId)}>
          {t('billing.challengeFailed.retry')}
        </Link>
        <Link className="btn btn--ghost" to={anotherCardPath(productId)}>
          {t('billing.outcome.tryAnotherCard')}
        </Link>
        <Link className="btn btn--ghost" to="/full/purchases">
          {t('billing.history.title')}
        </Link>
      </div>
    </>
  );
}
