import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import type { SubscriptionView } from '@talkwith/proto/billing';
import { UserName } from './UserName.tsx';
import { day, renewalTroubleOf, SUBSCRIPTION_TONE, when, yen } from './format.ts';

function SubscriptionRow({ subscription: s, showUser }: { subscription: SubscriptionView; showUser: boolean }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const trouble = renewalTroubleOf(s);
  return (
    <tr>
      {showUser && (
        <td data-label={t('billing.purchase.user')}>
          <Link to={`${basePath}/full/users/${encodeURIComponent(s.user_id)}`}>
            <UserName id={s.user_id} />
          </Link>
        </td>
      )}
      <td data-label={t('billing.sub.plan')}>
        {s.name}{' '}
        <span className="muted small">
          {s.plan_code}
          {s.group_id ? ` · ${s.group_id}` : ''}
        </span>
      </td>
      <td data-label={t('billing.sub.status')}>
        <span className={`badge badge--${SUBSCRIPTION_TONE[s.status]}`}>{t(`billing.subStatus.${s.status}`)}</span>
      </td>
      <td data-label={t('billing.sub.amount')} className="num">
        {yen(s.amount, i18n.language)}
      </td>
      <td data-label={t('billing.sub.periodEnd')} className="small">
        {day(s.period_end, i18n.language)}
      </td>
      <td data-label={t('billing.sub.nextCharge')} className="small">
        {s.status === 'active' ? when(s.next_charge_at, i18n.language) : '—'}
      </td>
      <td data-label={t('billing.sub.retries')}>
        {trouble ? <span className="badge badge--alert">{t(`billing.sub.trouble.${trouble}`)}</span> : '—'}
      </td>
    </tr>
  );
}

export function SubscriptionTable({
  subscriptions,
  showUser = true,
}: {
  subscriptions: SubscriptionView[];
  showUser?: boolean;
}) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {showUser && <th>{t('billing.purchase.user')}</th>}
          <th>{t('billing.sub.plan')}</th>
          <th>{t('billing.sub.status')}</th>
          <th className="num">{t('billing.sub.amount')}</th>
          <th>{t('billing.sub.periodEnd')}</th>
          <th>{t('billing.sub.nextCharge')}</th>
          <th>{t('billing.sub.retries')}</th>
        </tr>
      </thead>
      <tbody>
        {subscriptions.map((s) => (
          <SubscriptionRow key={s.subscription_id} subscription={s} showUser={showUser} />
        ))}
      </tbody>
    </table>
  );
}
