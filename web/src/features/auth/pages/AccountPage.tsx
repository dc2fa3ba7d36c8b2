import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectUser, useLogoutMutation } from '../../../api/index.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { Card, Page } from '../../../app/ui.tsx';

export function AccountPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const [logout, { isLoading }] = useLogoutMutation();
  return (
    <Page title={t('account.title')}>
      <Card>
        <dl className="facts">
          <dt>{t('form.email')}</dt>
          <dd>{user?.email}</dd>
        </dl>
        <ul className="menu-list">
          <li>
            <Link to="/account/password_change">{t('nav.passwordChange')}</Link>
          </li>
          <li>
            <Link to="/account/email_change">{t('account.emailChange')}</Link>
          </li>
          <li>
            <Link to="/profile">{t('nav.profile')}</Link>
          </li>
          <li>
            <Link to="/account/delete" className="danger-link">
              {t('account.delete')}
            </Link>
          </li>
        </ul>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={isLoading}
          onClick={() => void logout().then(() => navigate('/', { replace: true }))}
        >
          {t('nav.logout')}
        </button>
      </Card>
    </Page>
  );
}
