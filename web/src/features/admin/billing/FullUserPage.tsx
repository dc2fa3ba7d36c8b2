import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminUserByIdQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
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
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const { id: userId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'purchases';
  const { data, error } = useAdminUserByIdQuery({ base: apiBase, userId });
  return (
    <>
      <nav className="billing-trail"><Link to={`${basePath}/full/users`}>{t('billing.users.title')}</Link> › <code>{userId}</code></nav>
      <div className="admin-head">
        <h2 className="admin-head__title">{data?.user.email ?? userId}</h2>
        {data && <span className="muted small">{data.user.nickname}</span>}
      </div>
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      <div className="sub-nav billing-tabs" role="tablist">
        {TABS.map((name) => (
          <a key={name} href={`?tab=${name}`} role="tab" aria-selected={tab === name} className={tab === name ? 'active' : undefined}
            onClick={(e) => { e.preventDefault(); setParams({ tab: name }, { replace: true }); }}>{name === 'content' ? t('userContent.tab') : t(`billing.tabs.${name}`)}</a>
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
