import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseView } from '@talkwith/proto/billing';
import { errorMessageOf } from '../../api/index.ts';
import { Notice, Page, Spinner } from '../../app/ui.tsx';
import { useMpiCompleteMutation, useMpiMerchantMutation, usePurchaseResultMutation } from './billingApi.ts';
import { rememberedOrder } from './browser.ts';
import { ChallengeFailed } from './ChallengeFailed.tsx';
import { errorCodeOf } from './format.ts';
import { PaymentDeclined, PaymentPending, PaymentSuccess } from './Outcome.tsx';
import { CardChangeReturn, SubscriptionReturn } from './SubscriptionReturn.tsx';
import './billing.css';

/**
 * Where the browser lands after the provider: the 3-D Secure return
 * (mpi_complete, mpi_merchant) or a charge without 3-D Secure
 * (mpi_none_recurring: a subscription's charge; mpi_none_register_card: a
 * card kept at purchase). Each asks billing how the order ended and shows it.
 */
export type ReturnMode = 'mpi_complete' | 'mpi_merchant' | 'mpi_none_recurring' | 'mpi_none_register_card';

type Shown =
  | { kind: 'working' }
  | { kind: 'settled'; purchase: PurchaseView }
  | { kind: 'pending'; orderId: string; orderNumber?: string }
  | { kind: 'error'; message: string };

function useCompletion(mode: ReturnMode) {
  const [complete] = useMpiCompleteMutation();
  const [merchant] = useMpiMerchantMutation();
  const [result] = usePurchaseResultMutation();
  if (mode === 'mpi_complete') return complete;
  if (mode === 'mpi_merchant') return merchant;
  return result;
}

export function MpiReturnPage({ mode }: { mode: ReturnMode }) {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? rememberedOrder();
  // A plan's first charge comes back here too, marked by billing with kind=subscription.
  if (mode === 'mpi_complete' && orderId && params.get('kind') === 'subscription') {
    return (
      <Page title={t('billing.mpi.subscription')}>
        <SubscriptionReturn orderId={orderId} />
      </Page>
    );
  }
  // A plan's new card (recurring/change_card) comes back marked kind=card.
  if (mode === 'mpi_complete' && orderId && params.get('kind') === 'card') {
    return (
      <Page title={t('billing.mpi.card')}>
        <CardChangeReturn orderId={orderId} />
      </Page>
    );
  }
  return <PurchaseReturn mode={mode} orderId={orderId} />;
}

function PurchaseReturn({ mode, orderId }: { mode: ReturnMode; orderId: string | null }) {
  const { t } = useTranslation('billing');
  const completion = useCompletion(mode);
  const [shown, setShown] = useState<Shown>({ kind: 'working' });
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // Once per order: React's strict double effect must not complete twice (the server would answer the same, but once is cleaner).
    if (!orderId || asked.current === orderId) return;
    asked.current = orderId;
    void completion({ order_id: orderId }).then((reply) => {
      if (!reply.data) {
        // A failed challenge answers 402 PAYMENT_DECLINED with the purchase: a way on, not a dead end.
        const declined = declinedPurchaseOf(reply.error);
        return setShown(
          declined
            ? { kind: 'settled', purchase: declined }
            : { kind: 'error', message: errorMessageOf(reply.error, t('billing.mpi.failed')) },
        );
      }
      const { purchase } = reply.data;
      const unsettled =
        purchase.status === 'pending' ||
        purchase.status === 'unknown' ||
        purchase.status === 'created' ||
        ('next' in reply.data && reply.data.next === 'pending');
      setShown(
        unsettled ? { kind: 'pending', orderId, orderNumber: purchase.order_number } : { kind: 'settled', purchase },
      );
    });
  }, [orderId, completion, t]);

  return (
    <Page title={t(`billing.mpi.${mode}`)}>
      {!orderId && <Notice kind="error">{t('billing.mpi.noOrder')}</Notice>}
      {orderId && shown.kind === 'working' && <Spinner label={t('billing.mpi.working')} />}
      {shown.kind === 'error' && (
        <>
          <Notice kind="error">{shown.message}</Notice>
          <Link className="btn btn--ghost" to="/full/purchases">
            {t('billing.history.title')}
          </Link>
        </>
      )}
      {shown.kind === 'pending' && (
        <PaymentPending
          orderId={shown.orderId}
          {...(shown.orderNumber ? { orderNumber: shown.orderNumber } : {})}
          onSettled={(purchase) => setShown({ kind: 'settled', purchase })}
        />
      )}
      {shown.kind === 'settled' && <Settled purchase={shown.purchase} mode={mode} />}
    </Page>
  );
}

function Settled({ purchase, mode }: { purchase: PurchaseView; mode: ReturnMode }) {
  const { t } = useTranslation('billing');
  if (purchase.status === 'captured') {
    return (
      <PaymentSuccess
        purchase={purchase}
        title={mode === 'mpi_none_register_card' ? t('billing.mpi.cardSaved') : undefined}
      />
    );
  }
  const retryTo = `/payment/process/credit?product_id=${encodeURIComponent(purchase.product_id)}`;
  if (purchase.status === 'canceled') return <PaymentDeclined message={t('billing.mpi.canceled')} retryTo={retryTo} />;
  // Back from the 3-D Secure page (mpi_complete, mpi_merchant): the challenge did not pass or was left unfinished.
  if (mode === 'mpi_complete' || mode === 'mpi_merchant') return <ChallengeFailed purchase={purchase} />;
  return <PaymentDeclined retryTo={retryTo} />;
}

type CompletionError = Parameters<typeof errorCodeOf>[0];

function declinedPurchaseOf(error: CompletionError): PurchaseView | null {
  if (errorCodeOf(error) !== 'PAYMENT_DECLINED' || !error || !('data' in error)) return null;
  return (error.data as { purchase?: PurchaseView } | undefined)?.purchase ?? null;
}

export const MpiCompletePage = () => <MpiReturnPage mode="mpi_complete" />;
export const MpiMerchantPage = () => <MpiReturnPage mode="mpi_merchant" />;
export const MpiNoneRecurringPage = () => <MpiReturnPage mode="mpi_none_recurring" />;
export const MpiNoneRegisterCardPage = () => <MpiReturnPage mode="mpi_none_register_card" />;
