import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@talkwith/proto/billing';
import { errorMessageOf } from '../../api/index.ts';
import { Card, Notice, Spinner } from '../../app/ui.tsx';
import { useCardChangeMpiCompleteMutation, useSubscriptionMpiCompleteMutation } from './billingApi.ts';
import { errorCodeOf } from './format.ts';
import { PaymentDeclined, PaymentSuccess } from './Outcome.tsx';
import { useLocalized } from '../../i18n/localized.ts';

const RECHECK_MS = 5_000;

type Shown =
  | { kind: 'working' }
  | { kind: 'subscribed'; subscription: SubscriptionView }
  | { kind: 'pending' }
  | { kind: 'declined'; message: string }
  | { kind: 'error'; message: string };

/**
 * /payment/process/mpi_complete?order_id=sub-…&kind=subscription: back from
 * the 3-D Secure page of a plan's first charge. subscription/mpi_complete
 * settles it once (asking again is safe), and the page shows the plan or why not.
 */
export function SubscriptionReturn({ orderId }: { orderId: string }) {
  const { t } = useTranslation('billing');
  const label = useLocalized();
  const [complete, { isLoading }] = useSubscriptionMpiCompleteMutation();
  const [shown, setShown] = useState<Shown>({ kind: 'working' });
  const asked = useRef(false);

  const ask = useCallback(async () => {
    const reply = await complete({ order_id: orderId });
    if (reply.data) {
      const { next, subscription } = reply.data;
      setShown(
        next === 'pending'
          ? { kind: 'pending' }
          : subscription.status === 'active'
            ? { kind: 'subscribed', subscription }
            : { kind: 'declined', message: '' },
      );
    } else if (errorCodeOf(reply.error) === 'PAYMENT_DECLINED') {
      setShown({ kind: 'declined', message: errorMessageOf(reply.error, '') });
    } else {
      setShown({ kind: 'error', message: errorMessageOf(reply.error, t('billing.mpi.failed')) });
    }
  }, [complete, orderId, t]);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void ask();
  }, [ask]);

  useEffect(() => {
    if (shown.kind !== 'pending') return;
    const timer = setTimeout(() => void ask(), RECHECK_MS);
    return () => clearTimeout(timer);
  }, [shown, ask]);

  if (shown.kind === 'working') return <Spinner label={t('billing.mpi.working')} />;
  if (shown.kind === 'subscribed')
    return (
      <PaymentSuccess
        title={t('billing.credit.subscribed', { name: label(shown.subscription.name, shown.subscription.name_i18n) })}
      />
    );
  if (shown.kind === 'declined')
    return <PaymentDeclined message={shown.message || undefined} retryTo="/mypage#plan_list" />;
  if (shown.kind === 'error') {
    return (
      <>
        <Notice kind="error">{shown.message}</Notice>
        <Link className="btn btn--ghost" to="/mypage#plan_list">
          {t('billing.toPlanList')}
        </Link>
      </>
    );
  }
  return (
    <Card className="outcome outcome--pending">
      <Notice kind="info">{t('billing.outcome.pendingTitle')}</Notice>
      <p>{t('billing.outcome.pendingLead')}</p>
      <button type="button" className="btn btn--primary" disabled={isLoading} onClick={() => void ask()}>
        {isLoading ? t('billing.outcome.checking') : t('billing.outcome.checkNow')}
      </button>
    </Card>
  );
}

type CardShown =
  | { kind: 'working' }
  | { kind: 'changed'; masked: string }
  | { kind: 'pending'; message: string }
  | { kind: 'declined'; message: string }
  | { kind: 'error'; message: string };

/**
 * /payment/process/mpi_complete?order_id=cc-…&kind=card: back from the 3-D
 * Secure page of a plan's new card. recurring/change_card/mpi_complete makes
 * it the plan's card once (asking again is safe); nothing is charged.
 */
export function CardChangeReturn({ orderId }: { orderId: string }) {
  const { t } = useTranslation('billing');
  const [complete] = useCardChangeMpiCompleteMutation();
  const [shown, setShown] = useState<CardShown>({ kind: 'working' });
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void complete({ order_id: orderId }).then((reply) => {
      if (reply.data?.next === 'pending' || reply.data?.next === 'challenge')
        return setShown({ kind: 'pending', message: reply.data.message ?? t('billing.outcome.pendingLead') });
      if (reply.data) return setShown({ kind: 'changed', masked: reply.data.card?.masked ?? '' });
      const message = errorMessageOf(reply.error, t('billing.plan.cardChangeFailed'));
      setShown(
        errorCodeOf(reply.error) === 'PAYMENT_DECLINED' ? { kind: 'declined', message } : { kind: 'error', message },
      );
    });
  }, [complete, orderId, t]);

  if (shown.kind === 'working') return <Spinner label={t('billing.mpi.working')} />;
  if (shown.kind === 'changed') return <PaymentSuccess title={t('billing.mpi.cardChanged', { card: shown.masked })} />;
  if (shown.kind === 'declined') return <PaymentDeclined message={shown.message} retryTo="/mypage#plan_list" />;
  return (
    <>
      <Notice kind={shown.kind === 'pending' ? 'info' : 'error'}>{shown.message}</Notice>
      <Link className="btn btn--ghost" to="/mypage#plan_list">
        {t('billing.toPlanList')}
      </Link>
    </>
  );
}
