import { useTranslation } from 'react-i18next';
import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { Notice } from '../../app/ui.tsx';
import { useCardsQuery, useSubscriptionsQuery } from './billingApi.ts';
import { formatDate, formatYen } from './format.ts';
import { useLocalized } from '../../i18n/localized.ts';

/**
 * What deleting the account does to the money side, in the customer's words
 * (services/billing/API.md § Account deletion): each plan still in use is
 * cancelled at once (named, no further charge, the paid period ends now) and
 * the saved cards are deleted at the card company. Read from the
 * subscriptions and cards APIs; empty when there is neither.
 */
export function useAccountDeletionConsequences(): string[] {
  const { t, i18n } = useTranslation('billing');
  const label = useLocalized();
  const user = useAppSelector(selectUser);
  const subscriptions = useSubscriptionsQuery(user?.id ?? '', { skip: !user }).data?.subscriptions ?? [];
  const cards = useCardsQuery(undefined, { skip: !user }).data?.cards ?? [];
  const now = Date.now();
  const inUse = subscriptions.filter(
    (s) => s.status === 'active' || (s.status === 'canceled' && Date.parse(s.period_end ?? '') > now),
  );
  return [
    ...inUse.map((s) =>
      t('billing.deletion.plan', {
        name: label(s.name, s.name_i18n),
        amount: formatYen(s.amount),
        date: formatDate(s.period_end, i18n.language),
      }),
    ),
    ...(cards.length > 0 ? [t('billing.deletion.cards', { count: cards.length })] : []),
  ];
}

export function AccountDeletionNotice() {
  const { t } = useTranslation('billing');
  const lines = useAccountDeletionConsequences();
  if (lines.length === 0) return null;
  return (
    <Notice kind="info">
      <strong>{t('billing.deletion.title')}</strong>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </Notice>
  );
}
