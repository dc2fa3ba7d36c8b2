import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseView } from '@talkwith/proto/billing';
import { Card, Notice } from '../../app/ui.tsx';
import { usePurchaseResultMutation, useWalletQuery } from './billingApi.ts';
import { formatYen } from './format.ts';
import { useLocalized } from '../../i18n/localized.ts';

/** What a purchase brought, in words: 「トークチケット 5枚」, 「500 ポイント」 or the product name. */
function PurchasedLine({ purchase }: { purchase: PurchaseView }) {
  const { t } = useTranslation('billing');
  const label = useLocalized();
  return (
    <dl className="billing-facts">
      <div>
        <dt>{t('billing.outcome.item')}</dt>
        <dd>{label(purchase.name, purchase.name_i18n)}</dd>
      </div>
      <div>
        <dt>{t('billing.outcome.amount')}</dt>
        <dd>
          {formatYen(purchase.amount)}
          {t('billing.taxIncluded')}
        </dd>
      </div>
      {purchase.tickets ? (
        <div>
          <dt>{t('billing.outcome.granted')}</dt>
          <dd>{t('billing.tickets', { count: purchase.tickets })}</dd>
        </div>
      ) : null}
      {purchase.points ? (
        <div>
          <dt>{t('billing.outcome.granted')}</dt>
          <dd>{t('billing.points', { count: purchase.points })}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('billing.outcome.orderId')}</dt>
        <dd className="mono">{purchase.order_number}</dd>
      </div>
    </dl>
  );
}

export function PaymentSuccess({ purchase, title }: { purchase?: PurchaseView; title?: string }) {
  const { t } = useTranslation('billing');
  const wallet = useWalletQuery();
  return (
    <Card className="outcome outcome--success">
      <Notice kind="success">{title ?? t('billing.outcome.successTitle')}</Notice>
      {purchase && <PurchasedLine purchase={purchase} />}
      {wallet.data && (
        <p className="outcome__balance" aria-label={t('billing.outcome.balance')}>
          {t('billing.outcome.balanceLine', { tickets: wallet.data.talk_tickets, points: wallet.data.points })}
        </p>
      )}
      <div className="billing-actions">
        <Link className="btn btn--primary" to="/mypage#plan_list">
          {t('billing.toPlanList')}
        </Link>
        <Link className="btn btn--ghost" to="/full/purchases">
          {t('billing.history.title')}
        </Link>
        {purchase?.status === 'captured' && (
          <Link className="btn btn--ghost" to={`/full/purchases/${encodeURIComponent(purchase.purchase_id)}/receipt`}>
            {t('billing.history.receipt')}
          </Link>
        )}
        <Link className="btn btn--ghost" to="/full/main_menu">
          {t('nav.mainMenu')}
        </Link>
      </div>
    </Card>
  );
}

export function PaymentDeclined({
  message,
  onTryAgain,
  retryTo,
}: {
  message?: string;
  onTryAgain?: () => void;
  retryTo?: string;
}) {
  const { t } = useTranslation('billing');
  return (
    <Card className="outcome outcome--declined">
      <Notice kind="error">{t('billing.outcome.declinedTitle')}</Notice>
      <p>{message ?? t('billing.outcome.declinedLead')}</p>
      <p className="muted small">{t('billing.outcome.declinedHint')}</p>
      <div className="billing-actions">
        {onTryAgain && (
          <button type="button" className="btn btn--primary" onClick={onTryAgain}>
            {t('billing.outcome.tryAnotherCard')}
          </button>
        )}
        {retryTo && (
          <Link className="btn btn--primary" to={retryTo}>
            {t('billing.outcome.tryAnotherCard')}
          </Link>
        )}
        <Link className="btn btn--ghost" to="/mypage#plan_list">
          {t('billing.toPlanList')}
        </Link>
      </div>
    </Card>
  );
}

const FIRST_RECHECK_MS = 3_000;
const MAX_RECHECK_MS = 15_000;

/**
 * 「決済の確認中です」: the provider has not said yet. Asks card/result/get
 * again on its own (3 s, then slower up to 15 s) and on a button press, and
 * hands the settled purchase to `onSettled`.
 */
/** `orderNumber`: the short number people quote, when the purchase is known (the long orderId is what is searched). */
export function PaymentPending({
  orderId,
  orderNumber,
  onSettled,
}: {
  orderId: string;
  orderNumber?: string;
  onSettled: (purchase: PurchaseView) => void;
}) {
  const { t } = useTranslation('billing');
  const [check, { isLoading }] = usePurchaseResultMutation();
  const delay = useRef(FIRST_RECHECK_MS);
  // The latest callback, so a parent's new function each render does not restart the re-check timer.
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);

  const recheck = useCallback(async () => {
    const result = await check({ order_id: orderId });
    const purchase = result.data?.purchase;
    if (purchase && ['captured', 'failed', 'canceled'].includes(purchase.status)) settled.current(purchase);
  }, [check, orderId]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const tick = () => {
      timer = setTimeout(() => {
        void recheck().finally(() => {
          delay.current = Math.min(delay.current * 2, MAX_RECHECK_MS);
          if (live) tick();
        });
      }, delay.current);
    };
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [recheck]);

  return (
    <Card className="outcome outcome--pending">
      <Notice kind="info">{t('billing.outcome.pendingTitle')}</Notice>
      <p>{t('billing.outcome.pendingLead')}</p>
      <p className="muted small">{t('billing.outcome.orderIdLine', { orderId: orderNumber ?? orderId })}</p>
      <div className="billing-actions">
        <button type="button" className="btn btn--primary" disabled={isLoading} onClick={() => void recheck()}>
          {isLoading ? t('billing.outcome.checking') : t('billing.outcome.checkNow')}
        </button>
        <Link className="btn btn--ghost" to="/full/purchases">
          {t('billing.history.title')}
        </Link>
      </div>
    </Card>
  );
}
