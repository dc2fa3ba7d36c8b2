import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PopupDialog } from '../features/popup/PopupDialog.tsx';
import { NavMenu } from '../features/nav/NavMenu.tsx';
import { menuClosed, menuToggled, selectMenuOpen } from '../features/nav/menuSlice.ts';
import { LanguageSwitcher } from '../features/language/LanguageSwitcher.tsx';
import { useShellEffects } from '../features/shell/useShellEffects.ts';
import { useScrollOnNavigate } from '../features/shell/useScrollOnNavigate.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { Spinner } from './ui.tsx';

/** The application shell (SPEC.md §2): header, navigation menu, the shared popup dialog, analytics and the devtools guard. */
export function Shell() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const menuOpen = useAppSelector(selectMenuOpen);
  useShellEffects();
  useScrollOnNavigate();
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="TALK WITH">
          <span className="brand__mark" aria-hidden="true">
            ●
          </span>
          TALK WITH
        </Link>
        <div className="topbar__tools">
          <LanguageSwitcher />
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => dispatch(menuToggled())}
          >
            <span className="menu-button__bars" aria-hidden="true" />
            <span className="visually-hidden">{t('nav.menu')}</span>
          </button>
        </div>
      </header>
      {menuOpen && <div className="scrim" aria-hidden="true" onClick={() => dispatch(menuClosed())} />}
      <NavMenu />
      <main id="content" className="content">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="footer">
        <Link to="/terms_of_use">{t('nav.terms')}</Link>
        <Link to="/privacy_policy">{t('nav.privacy')}</Link>
        <Link to="/faq">{t('nav.faq')}</Link>
        <span className="muted small">© TALK WITH</span>
      </footer>
      <PopupDialog />
    </div>
  );
}
