import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SavedCardView } from '@talkwith/proto/billing';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import { useCardsQuery, usePlansQuery, useProductsQuery } from './billingApi.ts';
import { CardForm } from './CardForm.tsx';
import { formatYen } from './format.ts';
import { PaymentDeclined, PaymentPending, PaymentSuccess } from './Outcome.tsx';
import { usePaymentFlow, type PaymentTarget } from './usePaymentFlow.ts';
import './billing.css';
import { useLocalized } from '../../i18n/localized.ts';

const NEW_CARD = 'new';
const RECHECK_MS = 5_000;

/** What is being paid for, whether a product (once) or a plan (monthly). */
interface Offer {
  target: PaymentTarget;
  name: string;
  amount: number;
  tickets?: number;
  points?: number;
  monthly: boolean;
}

/** The product of ?product_id, or the plan of ?plan_code (GET /api/billing/plans). */
function useOffer(
  productId: string | null,
  planCode: string | null,
): { offer?: Offer; loading: boolean; failed: boolean } {
  const label = useLocalized();
  const products = useProductsQuery(undefined, { skip: !productId });
  const plans = usePlansQuery(undefined, { skip: !planCode });
  if (planCode) {
    const plan = plans.data?.plans.find((p) => p.plan_code === planCode && !p.group_bound);
    const offer = plan && {
      target: { plan_code: plan.plan_code },
      name: label(plan.name, plan.name_i18n),
      amount: plan.amount,
      tickets: plan.tickets,
      points: plan.points,
      monthly: true,
    };
    return { offer, loading: plans.isLoading, failed: plans.isError };
  }
  const product = products.data?.products.find((p) => p.product_id === productId);
  const offer = product && {
    target: { product_id: product.product_id },
    name: label(product.name, product.name_i18n),
    amount: product.amount,
    tickets: product.tickets,
    points: product.points,
    monthly: false,
  };
  return { offer, loading: products.isLoading, failed: products.isError };
}

/** /payment/process/credit?product_id=… (or ?plan_code=PROD001): pay by card, with the outcome on the same page. */
export default function CreditPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const { offer, loading, failed } = useOffer(params.get('product_id'), params.get('plan_code'));

  if (loading)
    return (
      <Page title={t('billing.credit.title')}>
        <Spinner label={t('billing.loading')} />
      </Page>
    );
  if (!offer) {
    return (
      <Page title={t('billing.credit.title')}>
        <Notice kind="error">{failed ? t('billing.loadFailed') : t('billing.credit.noProduct')}</Notice>
        <Link className="btn btn--ghost" to="/mypage#plan_list">
          {t('billing.toPlanList')}
        </Link>
      </Page>
    );
  }
  return <Checkout offer={offer} />;
}

function Checkout({ offer }: { offer: Offer }) {
  const { t } = useTranslation('billing');
  const label = useLocalized();
  const flow = usePaymentFlow(offer.target, t('billing.credit.failed'));
  const { outcome } = flow;
  return (
    <Page title={t('billing.credit.title')}>
      <OrderSummary offer={offer} />
      {outcome.kind === 'success' && (
        <PaymentSuccess
          purchase={outcome.purchase}
          title={
            outcome.subscription
              ? t('billing.credit.subscribed', {
                  name: label(outcome.subscription.name, outcome.subscription.name_i18n),
                })
              : undefined
          }
        />
      )}
      {outcome.kind === 'declined' && (
        <PaymentDeclined message={outcome.message || undefined} onTryAgain={flow.reset} />
      )}
      {outcome.kind === 'pending' && (
        <PaymentPending
          orderId={outcome.orderId}
          {...(outcome.orderNumber ? { orderNumber: outcome.orderNumber } : {})}
          onSettled={(purchase) =>
            flow.setOutcome(
              purchase.status === 'captured' ? { kind: 'success', purchase } : { kind: 'declined', message: '' },
            )
          }
        />
      )}
      {outcome.kind === 'recheck' && <SubscriptionPending busy={flow.busy} onRecheck={flow.retry} />}
      {outcome.kind === 'redirecting' && <Spinner label={t('billing.credit.toChallenge')} />}
      {outcome.kind === 'lost' && (
        <Card className="outcome">
          <Notice kind="error">{t('billing.credit.lost')}</Notice>
          <button type="button" className="btn btn--primary" disabled={flow.busy} onClick={() => void flow.retry()}>
            {t('billing.credit.retrySame')}
          </button>
        </Card>
      )}
      {(outcome.kind === 'idle' || outcome.kind === 'error') && (
        <>
          {outcome.kind === 'error' && <Notice kind="error">{outcome.message}</Notice>}
          <PayForm offer={offer} busy={flow.busy} onPay={flow.pay} />
        </>
      )}
    </Page>
  );
}

/** A subscription charge still being settled: the same call (same key) is repeated on its own and on the button. */
function SubscriptionPending({ busy, onRecheck }: { busy: boolean; onRecheck: () => Promise<void> }) {
  const { t } = useTranslation('billing');
  useEffect(() => {
    const timer = setTimeout(() => void onRecheck(), RECHECK_MS);
    return () => clearTimeout(timer);
  }, [onRecheck]);
  return (
    <Card className="outcome outcome--pending">
      <Notice kind="info">{t('billing.outcome.pendingTitle')}</Notice>
      <p>{t('billing.outcome.pendingLead')}</p>
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void onRecheck()}>
        {busy ? t('billing.outcome.checking') : t('billing.outcome.checkNow')}
      </button>
    </Card>
  );
}

function OrderSummary({ offer }: { offer: Offer }) {
  const { t } = useTranslation('billing');
  return (
    <Card className="order-summary">
      <p className="muted small">{t('billing.credit.order')}</p>
      <p className="order-summary__name">{offer.name}</p>
      <p className="order-summary__price">
        {formatYen(offer.amount)}
        <span className="small muted">
          {t('billing.taxIncluded')}
          {offer.monthly ? t('billing.perMonth') : ''}
        </span>
      </p>
      {offer.tickets ? (
        <p className="small">
          {t(offer.monthly ? 'billing.plan.ticketsEachMonth' : 'billing.credit.includesTickets', {
            count: offer.tickets,
          })}
        </p>
      ) : null}
      {offer.points ? (
        <p className="small">
          {t(offer.monthly ? 'billing.plan.pointsEachMonth' : 'billing.credit.includesPoints', { count: offer.points })}
        </p>
      ) : null}
      {offer.monthly && <p className="small muted">{t('billing.credit.subscriptionNote')}</p>}
    </Card>
  );
}

type Pay = ReturnType<typeof usePaymentFlow>['pay'];

function PayForm({ offer, busy, onPay }: { offer: Offer; busy: boolean; onPay: Pay }) {
  const { t } = useTranslation('billing');
  const cards = useCardsQuery();
  const saved = cards.data?.cards ?? [];
  // ?card=new: sent here by 「別のカードで支払う」, so the saved cards are not preselected.
  const [params] = useSearchParams();
  const [choice, setChoice] = useState<string | null>(params.get('card') === NEW_CARD ? NEW_CARD : null);
  const selected = choice ?? saved.find((c) => c.default)?.card_id ?? saved[0]?.card_id ?? NEW_CARD;
  const payLabel = t('billing.credit.pay', { amount: formatYen(offer.amount) });
  if (cards.isLoading) return <Spinner label={t('billing.loading')} />;
  return (
    <Card className="pay-form">
      <h2 className="section-title">{t('billing.credit.method')}</h2>
      {saved.length > 0 && (
        <fieldset className="card-choice">
          <legend className="visually-hidden">{t('billing.credit.method')}</legend>
          {saved.map((card) => (
            <CardChoice key={card.card_id} card={card} checked={selected === card.card_id} onPick={setChoice} />
          ))}
          <label className="card-choice__item">
            <input type="radio" name="card" checked={selected === NEW_CARD} onChange={() => setChoice(NEW_CARD)} />
            <span>{t('billing.credit.newCard')}</span>
          </label>
        </fieldset>
      )}
      {selected === NEW_CARD ? (
        // A plan keeps the card at the provider anyway (renewals charge it), so only one-off purchases ask.
        <CardForm
          submitLabel={payLabel}
          offerSave={!offer.monthly}
          busy={busy}
          onToken={(token, { save }) => onPay({ token, save })}
        />
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={busy}
          onClick={() => void onPay({ card_id: selected })}
        >
          {busy ? t('billing.credit.paying') : payLabel}
        </button>
      )}
      <p className="muted small">
        <Link to="/commerce_law">{t('billing.law.commerceTitle')}</Link>
        {' ・ '}
        <Link to="/settlement_law">{t('billing.law.settlementTitle')}</Link>
      </p>
    </Card>
  );
}

function CardChoice({
  card,
  checked,
  onPick,
}: {
  card: SavedCardView;
  checked: boolean;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <label className="card-choice__item">
      <input type="radio" name="card" checked={checked} onChange={() => onPick(card.card_id)} />
      <span className="mono">
        {card.brand} {card.masked}
      </span>
      <span className="muted small">
        {t('billing.card.expiresShort', { expiry: card.expiry })}
        {card.default ? ` ・ ${t('billing.card.default')}` : ''}
      </span>
    </label>
  );
}
