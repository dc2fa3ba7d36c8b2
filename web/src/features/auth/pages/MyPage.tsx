import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../../api/index.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { Icon } from '../../../app/Icon.tsx';
import { Card, Page } from '../../../app/ui.tsx';
import { PlanList } from '../../../app/planList.ts';

const LINKS = [
  { to: '/chat', key: 'nav.talks', icon: 'chat' },
  { to: '/full/purchases', key: 'nav.purchases', icon: 'receipt' },
  { to: '/profile', key: 'nav.profile', icon: 'user' },
  { to: '/account', key: 'nav.account', icon: 'gear' },
  { to: '/password_change', key: 'nav.passwordChange', icon: 'key' },
  { to: '/coupon', key: 'nav.coupon', icon: 'ticket' },
  { to: '/check', key: 'nav.systemCheck', icon: 'mic' },
  { to: '/faq', key: 'nav.faq', icon: 'help' },
] as const;

export function MyPage() {
  const { t, i18n } = useTranslation('auth');
  const user = useAppSelector(selectUser);
  if (!user) return null;
  const since = new Date(user.created_at).toLocaleDateString(i18n.language);
  return (
    <Page title={t('mypage.title')}>
      <Card className="hello">
        <div className="avatar" aria-hidden="true">
          {(user.nickname || user.email.split('@')[0] || '?').slice(0, 1).toUpperCase()}
        </div>
        <div>
          <p className="hello__name">{t('mypage.hello', { name: user.nickname || user.email.split('@')[0] })}</p>
          <p className="muted">{user.email}</p>
          <p className="muted small">{t('mypage.since', { date: since })}</p>
        </div>
      </Card>
      <nav className="tiles" aria-label={t('mypage.title')}>
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="tile">
            <span className="tile__icon">
              <Icon name={link.icon} />
            </span>
            <span>{t(link.key)}</span>
          </Link>
        ))}
      </nav>
      <PlanList />
    </Page>
  );
}
