import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlayerRouteFallback } from './PlayerBoot.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { RegisterPage } from '../features/auth/pages/RegisterPage.tsx';
import { EmailConfirmPage } from '../features/auth/pages/EmailConfirmPage.tsx';
import { PasswordResetPage } from '../features/auth/pages/PasswordResetPage.tsx';
import { PasswordChangePage } from '../features/auth/pages/PasswordChangePage.tsx';
import { ProfilePage } from '../features/auth/pages/ProfilePage.tsx';
import { MyPage } from '../features/auth/pages/MyPage.tsx';
import { AccountPage } from '../features/auth/pages/AccountPage.tsx';
import { EmailChangePage } from '../features/auth/pages/EmailChangePage.tsx';
import { AccountDeletePage } from '../features/auth/pages/AccountDeletePage.tsx';
import { GoogleFailurePage, GoogleSuccessPage } from '../features/auth/pages/GooglePages.tsx';
import { AdminGate } from './AdminGate.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PopupRoute } from './PopupRoute.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Shell } from './Shell.tsx';

// The long Japanese documents are separate chunks, fetched only when opened.
const TermsOfUse = lazy(() => import('../features/help/TermsOfUse.tsx'));
const PrivacyPolicy = lazy(() => import('../features/help/PrivacyPolicy.tsx'));
const MicManual = lazy(() => import('../features/help/MicManual.tsx'));
const Faq = lazy(() => import('../features/help/Faq.tsx'));
// The player (engine included) and the full-product menus load only when opened.
const PlayerPage = lazy(() => import('../features/player/PlayerPage.tsx'));
const SelectChatPage = lazy(() => import('../features/player/pages/SelectChatPage.tsx'));
const MainMenuPage = lazy(() => import('../features/player/pages/MainMenuPage.tsx'));

function Popup({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return <PopupRoute title={t(titleKey)}>{children}</PopupRoute>;
}

const privateRoute = (path: string, element: ReactNode): RouteObject => ({ path, element: <RequireAuth>{element}</RequireAuth> });

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'email_confirm', element: <EmailConfirmPage /> },
      { path: 'email_confirm/:token', element: <EmailConfirmPage /> },
      { path: 'password_reset', element: <PasswordResetPage /> },
      { path: 'password_reset/:token', element: <PasswordResetPage /> },
      { path: 'google/success', element: <GoogleSuccessPage /> },
      { path: 'google/failure', element: <GoogleFailurePage /> },
      privateRoute('password_change', <PasswordChangePage />),
      privateRoute('profile', <ProfilePage />),
      privateRoute('mypage', <MyPage />),
      privateRoute('account', <AccountPage />),
      privateRoute('account/password_change', <PasswordChangePage />),
      privateRoute('account/email_change', <EmailChangePage />),
      privateRoute('account/delete', <AccountDeletePage />),
      { path: 'faq', element: <Popup titleKey="nav.faq"><Faq /></Popup> },
      { path: 'terms_of_use', element: <Popup titleKey="nav.terms"><TermsOfUse /></Popup> },
      { path: 'privacy_policy', element: <Popup titleKey="nav.privacy"><PrivacyPolicy /></Popup> },
      { path: 'mic_manual', element: <Popup titleKey="nav.micManual"><MicManual /></Popup> },
      { path: 'full/main_menu', element: <MainMenuPage /> },
      { path: 'full/select_chat', element: <SelectChatPage /> },
      { path: 'full/chat/:character_slug', element: <Suspense fallback={<PlayerRouteFallback />}><PlayerPage /></Suspense> },
      { path: ':segment/*', element: <AdminGate /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
