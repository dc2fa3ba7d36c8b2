import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlanView, ProductView, SubscriptionView } from '@talkwith/proto/billing';
import { errorMessageOf, selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { Notice, Spinner } from '../../app/ui.tsx';
import { usePopup } from '../../app/shell.ts';
import { CancelReasonStep, type CancelChoice } from './CancelReasonStep.tsx';
import {
  useCancelSubscriptionMutation,
  usePlansQuery,
  useProductsQuery,
  useResubscribeMutation,
  useSubscriptionsQuery,
  useWalletQuery,
} from './billingApi.ts';
import { formatDate, formatYen } from './format.ts';
import { useIntentKey } from './intentKey.ts';
import { PlanCardChange } from './PlanCardChange.tsx';
import './billing.css';
import { useLocalized } from '../../i18n/localized.ts';

/** The subscription the page talks about: the active or cancelled one, else the latest. */
function currentOf(subscriptions: SubscriptionView[]): SubscriptionView | undefined {
  return (
    subscriptions.find((s) => s.status === 'active') ??
    subscriptions.find((s) => s.status === 'canceled') ??
    subscriptions[0]
  );
}

/** /mypage#plan_list: the current plan, plans to subscribe, tickets and points with their nearest expiry, and the ways to buy more. */
export function PlanList() {
  const { t } = useTranslation('billing');
  const user = useAppSelector(selectUser);
  const subscriptions = useSubscriptionsQuery(user?.id ?? '', { skip: !user });
  const products = useProductsQuery();
  const plansQuery = usePlansQuery();
  const current = currentOf(subscriptions.data?.subscriptions ?? []);
  // Group plans are taken from their group's page; here only the plans anyone can take.
  const plans = (plansQuery.data?.plans ?? []).filter((p) => !p.group_bound);
  const packs = (products.data?.products ?? []).filter((p) => p.kind === 'tickets' || p.kind === 'points');
  const section = useScrolledTo('#plan_list', Boolean(subscriptions.data && products.data));

  return (
    <section ref={section} id="plan_list" className="card plan-list" aria-labelledby="plan_list_title">
      <h2 id="plan_list_title" className="section-title">
        {t('mypage.plans')}
      </h2>
      {subscriptions.isLoading && <Spinner label={t('billing.loading')} />}
      {subscriptions.isError && <Notice kind="error">{t('billing.loadFailed')}</Notice>}
      {current && current.status !== 'inactive' ? (
        <CurrentPlan subscription={current} />
      ) : (
        subscriptions.data && <p className="muted">{t('billing.plan.none')}</p>
      )}
      {(!current || current.status === 'inactive') && plans.length > 0 && <PlanOffers plans={plans} />}
      <WalletSummary />
      {packs.length > 0 && <Packs packs={packs} />}
      <div className="billing-links">
        <Link to="/full/purchases">{t('billing.history.title')}</Link>
        <Link to="/payment/editcard">{t('billing.cards.title')}</Link>
        <Link to="/commerce_law">{t('billing.law.commerceTitle')}</Link>
        <Link to="/settlement_law">{t('billing.law.settlementTitle')}</Link>
        <Link to="/full/main_menu">{t('nav.mainMenu')}</Link>
      </div>
    </section>
  );
}

/** /mypage#plan_list: the page is lazily loaded, so the browser's own jump to the hash happens before the section exists. */
function useScrolledTo(hash: string, ready: boolean) {
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || location.hash !== hash) return;
    done.current = true;
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [ready, location.hash, hash]);
  return ref;
}

function CurrentPlan({ subscription }: { subscription: SubscriptionView }) {
  const { t, i18n } = useTranslation('billing');
  const label = useLocalized();
  const date = (iso?: string) => formatDate(iso, i18n.language);
  return (
    <div className="current-plan">
      <div className="current-plan__head">
        <span className="current-plan__name">{label(subscription.name, subscription.name_i18n)}</span>
        <span className={`status status--${subscription.status}`}>
          {t(`billing.plan.status.${subscription.status}`)}
        </span>
      </div>
      <dl className="billing-facts">
        <div>
          <dt>{t('billing.plan.price')}</dt>
          <dd>
            {formatYen(subscription.amount)}
            {t('billing.perMonth')}
          </dd>
        </div>
        {subscription.period_end && (
          <div>
            <dt>{subscription.status === 'canceled' ? t('billing.plan.usableUntil') : t('billing.plan.periodEnd')}</dt>
            <dd>{date(subscription.period_end)}</dd>
          </div>
        )}
        {subscription.status === 'active' && subscription.next_charge_at && (
          <div>
            <dt>{t('billing.plan.nextCharge')}</dt>
            <dd>{date(subscription.next_charge_at)}</dd>
          </div>
        )}
        {subscription.card && (
          <div>
            <dt>{t('billing.plan.card')}</dt>
            <dd className="mono">{subscription.card.masked}</dd>
          </div>
        )}
      </dl>
      {subscription.status === 'canceled' && (
        <p className="small muted">{t('billing.plan.canceledNote', { date: date(subscription.period_end) })}</p>
      )}
      <PlanActions subscription={subscription} />
      {subscription.status === 'active' && <PlanCardChange subscription={subscription} />}
    </div>
  );
}

function PlanActions({ subscription }: { subscription: SubscriptionView }) {
  const { t, i18n } = useTranslation('billing');
  const popup = usePopup();
  const cancelIntent = useIntentKey(`cancel:${subscription.subscription_id}`);
  const resubscribeIntent = useIntentKey(`resubscribe:${subscription.subscription_id}`);
  const [cancel] = useCancelSubscriptionMutation();
  const [resubscribe] = useResubscribeMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [askingWhy, setAskingWhy] = useState(false);
  const body = { subscription_id: subscription.subscription_id };

  const confirm = (
    message: string,
    okTitle: string,
    act: () => Promise<{ error?: Parameters<typeof errorMessageOf>[0] }>,
    intent: { finish: () => void },
  ) =>
    popup.show({
      message,
      ok: {
        title: okTitle,
        onClick: async () => {
          const result = await act();
          setProblem(result.error ? errorMessageOf(result.error, t('billing.plan.changeFailed')) : null);
          // A change went through: the reason step is over (after a resume the plan offers 解約する again).
          if (!result.error) setAskingWhy(false);
          // A lost answer keeps the key, so pressing again retries the same change.
          if (
            !result.error ||
            ('status' in result.error && typeof result.error.status === 'number' && result.error.status < 500)
          )
            intent.finish();
        },
      },
      cancel: { title: t('billing.back') },
    });

  return (
    <div className="billing-actions">
      {problem && <Notice kind="error">{problem}</Notice>}
      {subscription.status === 'active' && !askingWhy && (
        <button type="button" className="btn btn--ghost" onClick={() => setAskingWhy(true)}>
          {t('billing.plan.cancel')}
        </button>
      )}
      {subscription.status === 'active' && askingWhy && (
        <CancelReasonStep
          onBack={() => setAskingWhy(false)}
          onNext={(choice: CancelChoice) =>
            confirm(
              t('billing.plan.confirmCancel', { date: formatDate(subscription.period_end, i18n.language) }),
              t('billing.plan.cancel'),
              () => cancel({ key: cancelIntent.key(), body: { ...body, ...choice } }),
              cancelIntent,
            )
          }
        />
      )}
      {subscription.status !== 'active' && (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() =>
            confirm(
              subscription.status === 'canceled'
                ? t('billing.plan.confirmResume')
                : t('billing.plan.confirmResubscribe', { amount: formatYen(subscription.amount) }),
              t('billing.plan.resubscribe'),
              () => resubscribe({ key: resubscribeIntent.key(), body }),
              resubscribeIntent,
            )
          }
        >
          {t('billing.plan.resubscribe')}
        </button>
      )}
    </div>
  );
}

function PlanOffers({ plans }: { plans: PlanView[] }) {
  const { t } = useTranslation('billing');
  const label = useLocalized();
  return (
    <ul className="offers" aria-label={t('billing.plan.offers')}>
      {plans.map((plan) => (
        <li key={plan.plan_code} className="offer offer--plan">
          <span className="offer__name">{label(plan.name, plan.name_i18n)}</span>
          <span className="offer__price">
            {formatYen(plan.amount)}
            <span className="small muted">{t('billing.perMonth')}</span>
          </span>
          {plan.tickets ? (
            <span className="small">{t('billing.plan.ticketsEachMonth', { count: plan.tickets })}</span>
          ) : null}
          <Link
            className="btn btn--primary btn--small"
            to={`/payment/process/credit?plan_code=${encodeURIComponent(plan.plan_code)}`}
          >
            {t('billing.plan.subscribe')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function WalletSummary() {
  const { t, i18n } = useTranslation('billing');
  const wallet = useWalletQuery();
  if (!wallet.data) return wallet.isLoading ? <Spinner label={t('billing.loading')} /> : null;
  const { tickets, points } = wallet.data.next_expiry ?? {};
  return (
    <div className="wallet">
      <div className="wallet__item">
        <span className="wallet__label">{t('billing.wallet.tickets')}</span>
        <span className="wallet__value">{t('billing.tickets', { count: wallet.data.talk_tickets })}</span>
        {tickets && (
          <span className="small muted">
            {t('billing.wallet.expiry', {
              count: tickets.count,
              unit: t('billing.wallet.ticketUnit'),
              date: formatDate(tickets.expires_at, i18n.language),
            })}
          </span>
        )}
      </div>
      <div className="wallet__item">
        <span className="wallet__label">{t('billing.wallet.points')}</span>
        <span className="wallet__value">{t('billing.points', { count: wallet.data.points })}</span>
        {points && (
          <span className="small muted">
            {t('billing.wallet.expiry', {
              count: points.points,
              unit: t('billing.wallet.pointUnit'),
              date: formatDate(points.expires_at, i18n.language),
            })}
          </span>
        )}
      </div>
    </div>
  );
}

function Packs({ packs }: { packs: ProductView[] }) {
  const { t } = useTranslation('billing');
  const label = useLocalized();
  return (
    <ul className="offers offers--packs" aria-label={t('billing.wallet.buy')}>
      {packs.map((pack) => (
        <li key={pack.product_id} className="offer">
          <span className="offer__name">{label(pack.name, pack.name_i18n)}</span>
          <Link
            className="btn btn--ghost btn--small"
            to={`/payment/process/credit?product_id=${encodeURIComponent(pack.product_id)}`}
          >
            {t('billing.buyFor', { amount: formatYen(pack.amount) })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
