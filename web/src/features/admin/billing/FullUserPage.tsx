import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { TrailName } from '../TrailName.tsx';
import { useAdminBillingAccountQuery, useAdminUserByIdQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import { when } from './format.ts';
import { UserPointsTab } from './UserPointsTab.tsx';
import { UserPurchasesTab, UserSubscriptionTab } from './UserPurchasesTab.tsx';
import { UserTicketsTab } from './UserTicketsTab.tsx';
import { UserContentTab } from '../userContent/UserContentTab.tsx';
import '../characters/characters.css';
import './billing.css';

const TABS = ['purchases', 'tickets', 'points', 'subscription', 'content'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/** `full/users/:id`: one account's purchases, talk tickets, points and subscription, a tab each (the tab is kept in the address). */
export function FullUserPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const { id: userId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'purchases';
  const { data, error, isLoading } = useAdminUserByIdQuery({ base: apiBase, userId });
  // Identity forgets a deleted account; billing keeps its money records (and says when it was deleted).
  const gone = Boolean(error && 'status' in error && error.status === 404);
  const account = useAdminBillingAccountQuery({ base: apiBase, userId }, { skip: !gone }).data;
  const deleted = gone && Boolean(account?.deleted_at);
  return (
    <>
      <nav className="billing-trail">
        <Link to={`${basePath}/full/users`}>{t('billing.users.title')}</Link> ›{' '}
        <TrailName id={userId} name={data?.user.email} pending={isLoading} />
      </nav>
      <div className="admin-head">
        <h2 className="admin-head__title">
          {data?.user.email ?? (deleted ? t('billing.users.deletedAccount') : userId)}
        </h2>
        {data && <span className="muted small">{data.user.nickname}</span>}
      </div>
      {deleted && account?.deleted_at && (
        <Notice kind="info">{t('billing.users.deletedLead', { date: when(account.deleted_at, i18n.language) })}</Notice>
      )}
      {error && !deleted && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      <div className="sub-nav billing-tabs" role="tablist">
        {TABS.map((name) => (
          <a
            key={name}
            href={`?tab=${name}`}
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'active' : undefined}
            onClick={(e) => {
              e.preventDefault();
              setParams({ tab: name }, { replace: true });
            }}
          >
            {name === 'content' ? t('userContent.tab') : t(`billing.tabs.${name}`)}
          </a>
        ))}
      </div>
      {tab === 'purchases' && <UserPurchasesTab userId={userId} />}
      {tab === 'tickets' && <UserTicketsTab userId={userId} />}
      {tab === 'points' && <UserPointsTab userId={userId} />}
      {tab === 'subscription' && <UserSubscriptionTab userId={userId} />}
      {tab === 'content' && <UserContentTab userId={userId} />}
    </>
  );
}
