import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectIsAdmin, selectSession, useClientConfig, useLogoutMutation } from '../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { usePopup } from '../../app/shell.ts';
import { useNotificationsAvailableQuery } from '../../app/engagement.ts';
import { Spinner } from '../../app/ui.tsx';
import { menuClosed, selectMenuOpen } from './menuSlice.ts';
import { useDrawerFocus } from './useDrawerFocus.ts';
import './nav.css';

/** The shell's menu button (Shell.tsx), where focus returns when the drawer closes. */
const menuButton = () => document.querySelector<HTMLElement>('[aria-controls="main-menu"]');

/** The popup's list and its texts load when it first opens: every page, the chat route too, carries the menu. */
const NotificationList = lazy(() => import('./NotificationList.tsx'));

/** The navigation menu of SPEC.md §2, in the order given there. */
const ITEMS = [
  { to: '/coupon', key: 'nav.coupon' },
  { to: '/check', key: 'nav.systemCheck' },
  { to: '/password_change', key: 'nav.passwordChange' },
  { to: '/profile', key: 'nav.profile' },
  { to: '/mypage', key: 'nav.mypage' },
  { to: null, key: 'nav.notifications' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/mic_manual', key: 'nav.micManual' },
  { to: '/terms_of_use', key: 'nav.terms' },
  { to: '/privacy_policy', key: 'nav.privacy' },
  { to: '/full/main_menu', key: 'nav.mainMenu' },
] as const;

export function NavMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const open = useAppSelector(selectMenuOpen);
  const { status } = useAppSelector(selectSession);
  const isAdmin = useAppSelector(selectIsAdmin);
  const adminPath = useClientConfig().data?.adminPath;
  const popup = usePopup();
  const [logout] = useLogoutMutation();
  // The unread badge (GET /api/notifications_available), for a signed-in caller only; marking read refreshes it.
  const badge = useNotificationsAvailableQuery(undefined, { skip: status !== 'authenticated', refetchOnFocus: true });
  const unread = status === 'authenticated' ? (badge.data?.unread ?? 0) : 0;

  useEffect(() => {
    dispatch(menuClosed());
  }, [location.pathname, dispatch]);
  const drawer = useRef<HTMLElement>(null);
  const close = useCallback(() => dispatch(menuClosed()), [dispatch]);
  useDrawerFocus(open, drawer, menuButton, close);

  const showNotifications = () => {
    dispatch(menuClosed());
    popup.show({
      children: (
        <>
          <h2 className="popup__title">{t('nav.notifications')}</h2>
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <NotificationList />
          </Suspense>
        </>
      ),
      ok: { title: t('common.close') },
    });
  };

  return (
    <nav
      ref={drawer}
      id="main-menu"
      className={`drawer${open ? ' drawer--open' : ''}`}
      aria-label={t('nav.label')}
      aria-hidden={!open}
      inert={!open}
    >
      <div className="drawer__head">
        <span className="drawer__title">{t('nav.label')}</span>
        <button
          type="button"
          className="popup__close"
          aria-label={t('common.close')}
          onClick={() => dispatch(menuClosed())}
        >
          ×
        </button>
      </div>
      <ul className="drawer__list">
        {ITEMS.map((item) => (
          <li key={item.key}>
            {item.to === null ? (
              <button type="button" className="drawer__link" onClick={showNotifications}>
                {t(item.key)}
                {unread > 0 && (
                  <>
                    <span className="nav-badge" aria-hidden="true">
                      {unread > 99 ? '99+' : unread}
                    </span>
                    <span className="visually-hidden">{t('engagement.popup.unread', { count: unread })}</span>
                  </>
                )}
              </button>
            ) : (
              <NavLink className="drawer__link" to={item.to}>
                {t(item.key)}
              </NavLink>
            )}
          </li>
        ))}
        {isAdmin && adminPath && (
          <li>
            <NavLink className="drawer__link" to={`/${adminPath}`}>
              {t('nav.admin')}
            </NavLink>
          </li>
        )}
      </ul>
      <div className="drawer__foot">
        {status === 'authenticated' ? (
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => void logout().then(() => navigate('/'))}
          >
            {t('nav.logout')}
          </button>
        ) : (
          <>
            <NavLink className="btn btn--primary btn--block" to="/login">
              {t('nav.login')}
            </NavLink>
            <NavLink className="btn btn--ghost btn--block" to="/register">
              {t('nav.register')}
            </NavLink>
          </>
        )}
      </div>
    </nav>
  );
}
