import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Value } from '@sinclair/typebox/value';
import { PlanCode, type ProductView, type SavedCardView } from '@talkwith/proto/billing';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import { useCardsQuery, useProductsQuery } from './billingApi.ts';
import { CardForm } from './CardForm.tsx';
import { formatYen } from './format.ts';
import { PaymentDeclined, PaymentPending, PaymentSuccess } from './Outcome.tsx';
import { usePaymentFlow, type PaymentTarget } from './usePaymentFlow.ts';
import './billing.css';

const NEW_CARD = 'new';

function productOf(products: ProductView[] | undefined, productId: string | null, planCode: string | null): ProductView | undefined {
  if (planCode) return products?.find((p) => p.kind === 'subscription' && p.plan_code === planCode);
  return products?.find((p) => p.product_id === productId);
}

/** A plan is subscribed to (recurring), anything else bought once. */
function targetOf(product: ProductView): PaymentTarget {
  return product.kind === 'subscription' && Value.Check(PlanCode, product.plan_code) ? { plan_code: product.plan_code } : { product_id: product.product_id };
}

/** /payment/process/credit?product_id=… (or ?plan_code=PROD001): pay by card, with the outcome on the same page. */
export default function CreditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const products = useProductsQuery();
  const product = productOf(products.data?.products, params.get('product_id'), params.get('plan_code'));
  const target = useMemo(() => (product ? targetOf(product) : null), [product]);

  if (products.isLoading) return <Page title={t('billing.credit.title')}><Spinner label={t('billing.loading')} /></Page>;
  if (!product || !target) {
    return (
      <Page title={t('billing.credit.title')}>
        <Notice kind="error">{products.isError ? t('billing.loadFailed') : t('billing.credit.noProduct')}</Notice>
        <Link className="btn btn--ghost" to="/mypage#plan_list">{t('billing.toPlanList')}</Link>
      </Page>
    );
  }
  return <Checkout product={product} target={target} />;
}

function Checkout({ product, target }: { product: ProductView; target: PaymentTarget }) {
  const { t } = useTranslation();
  const flow = usePaymentFlow(target, t('billing.credit.failed'));
  const { outcome } = flow;
  return (
    <Page title={t('billing.credit.title')}>
      <OrderSummary product={product} />
      {outcome.kind === 'success' && (
        <PaymentSuccess purchase={outcome.purchase} title={outcome.subscription ? t('billing.credit.subscribed', { name: outcome.subscription.name }) : undefined} />
      )}
      {outcome.kind === 'declined' && <PaymentDeclined message={outcome.message || undefined} onTryAgain={flow.reset} />}
      {outcome.kind === 'pending' && (
        <PaymentPending orderId={outcome.orderId} onSettled={(purchase) => flow.setOutcome(purchase.status === 'captured' ? { kind: 'success', purchase } : { kind: 'declined', message: '' })} />
      )}
      {outcome.kind === 'lost' && (
        <Card className="outcome">
          <Notice kind="error">{t('billing.credit.lost')}</Notice>
          <button type="button" className="btn btn--primary" disabled={flow.busy} onClick={() => void flow.retry()}>{t('billing.credit.retrySame')}</button>
        </Card>
      )}
      {(outcome.kind === 'idle' || outcome.kind === 'error') && (
        <>
          {outcome.kind === 'error' && <Notice kind="error">{outcome.message}</Notice>}
          <PayForm product={product} busy={flow.busy} onPay={flow.pay} />
        </>
      )}
    </Page>
  );
}

function OrderSummary({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  return (
    <Card className="order-summary">
      <p className="muted small">{t('billing.credit.order')}</p>
      <p className="order-summary__name">{product.name}</p>
      <p className="order-summary__price">
        {formatYen(product.amount)}<span className="small muted">{t('billing.taxIncluded')}{product.kind === 'subscription' ? t('billing.perMonth') : ''}</span>
      </p>
      {product.tickets ? <p className="small">{t('billing.credit.includesTickets', { count: product.tickets })}</p> : null}
      {product.points ? <p className="small">{t('billing.credit.includesPoints', { count: product.points })}</p> : null}
      {product.kind === 'subscription' && <p className="small muted">{t('billing.credit.subscriptionNote')}</p>}
    </Card>
  );
}

type Pay = ReturnType<typeof usePaymentFlow>['pay'];

function PayForm({ product, busy, onPay }: { product: ProductView; busy: boolean; onPay: Pay }) {
  const { t } = useTranslation();
  const cards = useCardsQuery();
  const saved = cards.data?.cards ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? saved.find((c) => c.default)?.card_id ?? saved[0]?.card_id ?? NEW_CARD;
  const payLabel = t('billing.credit.pay', { amount: formatYen(product.amount) });
  if (cards.isLoading) return <Spinner label={t('billing.loading')} />;
  return (
    <Card className="pay-form">
      <h2 className="section-title">{t('billing.credit.method')}</h2>
      {saved.length > 0 && (
        <fieldset className="card-choice">
          <legend className="visually-hidden">{t('billing.credit.method')}</legend>
          {saved.map((card) => <CardChoice key={card.card_id} card={card} checked={selected === card.card_id} onPick={setChoice} />)}
          <label className="card-choice__item">
            <input type="radio" name="card" checked={selected === NEW_CARD} onChange={() => setChoice(NEW_CARD)} />
            <span>{t('billing.credit.newCard')}</span>
          </label>
        </fieldset>
      )}
      {selected === NEW_CARD ? (
        <CardForm submitLabel={payLabel} offerSave={product.kind !== 'subscription'} busy={busy} onToken={(token, { save }) => onPay({ token, save })} />
      ) : (
        <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => void onPay({ card_id: selected })}>
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

function CardChoice({ card, checked, onPick }: { card: SavedCardView; checked: boolean; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="card-choice__item">
      <input type="radio" name="card" checked={checked} onChange={() => onPick(card.card_id)} />
      <span className="mono">{card.brand} {card.masked}</span>
      <span className="muted small">{t('billing.card.expiresShort', { expiry: card.expiry })}{card.default ? ` ・ ${t('billing.card.default')}` : ''}</span>
    </label>
  );
}
