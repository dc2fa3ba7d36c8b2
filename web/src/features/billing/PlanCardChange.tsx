import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecurringBody, SubscriptionView } from '@talkwith/proto/billing';
import { errorMessageOf } from '../../api/index.ts';
import { Notice } from '../../app/ui.tsx';
import { useCardsQuery, useChangePlanCardMutation } from './billingApi.ts';
import { browser } from './browser.ts';
import { CardForm } from './CardForm.tsx';

/**
 * 「このプランのカードを変更」 on /mypage's plan card: another saved card, or
 * a new one (recurring/change_card with a token; when the provider asks for
 * 3-D Secure the browser goes to its page and comes back to
 * /payment/process/mpi_complete?kind=card). Nothing is charged now; the next
 * renewal charges the card chosen here.
 */
export function PlanCardChange({ subscription }: { subscription: SubscriptionView }) {
  const { t } = useTranslation('billing');
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (!open) {
    return (
      <>
        {done && <Notice kind="success">{t('billing.plan.cardChanged', { card: done })}</Notice>}
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
        >
          {t('billing.plan.changeCard')}
        </button>
      </>
    );
  }
  return (
    <CardChooser
      subscription={subscription}
      onClose={() => setOpen(false)}
      onChanged={(masked) => {
        setDone(masked);
        setOpen(false);
      }}
    />
  );
}

function CardChooser({
  subscription,
  onClose,
  onChanged,
}: {
  subscription: SubscriptionView;
  onClose: () => void;
  onChanged: (masked: string) => void;
}) {
  const { t } = useTranslation('billing');
  const cards = useCardsQuery();
  const [change, { isLoading }] = useChangePlanCardMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const others = (cards.data?.cards ?? []).filter((card) => card.card_id !== subscription.card?.card_id);

  const send = async (body: Omit<RecurringBody, 'subscription_id'>) => {
    setProblem(null);
    const reply = await change({ subscription_id: subscription.subscription_id, ...body });
    if (!reply.data) return setProblem(errorMessageOf(reply.error, t('billing.plan.cardChangeFailed')));
    if (reply.data.next === 'challenge' && reply.data.challenge_url) return browser.assign(reply.data.challenge_url);
    if (reply.data.next === 'pending') return setProblem(reply.data.message ?? t('billing.plan.cardChangeFailed'));
    onChanged(reply.data.card?.masked ?? '');
  };

  return (
    <section className="plan-card-change" aria-label={t('billing.plan.changeCard')}>
      <p className="small">{t('billing.plan.changeCardLead')}</p>
      {problem && <Notice kind="error">{problem}</Notice>}
      {others.length > 0 ? (
        <ul className="saved-cards">
          {others.map((card) => (
            <li key={card.card_id} className="saved-card">
              <span className="mono">{card.masked}</span>{' '}
              <span className="small muted">
                {card.brand} {card.expiry}
              </span>
              <button
                type="button"
                className="btn btn--primary btn--small"
                disabled={isLoading}
                onClick={() => void send({ card_id: card.card_id })}
              >
                {t('billing.plan.useThisCard')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        cards.data && <p className="small muted">{t('billing.plan.noOtherCards')}</p>
      )}
      <h3 className="section-title">{t('billing.plan.newCard')}</h3>
      <CardForm submitLabel={t('billing.plan.newCardSubmit')} busy={isLoading} onToken={(token) => send({ token })} />
      <button type="button" className="btn btn--ghost" onClick={onClose}>
        {t('billing.back')}
      </button>
    </section>
  );
}
