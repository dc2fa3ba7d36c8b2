import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlayerRouteFallback } from './PlayerBoot.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
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
const SelectChatPage = lazy(() => import('../features/catalog/SelectChatPage.tsx'));
const MainMenuPage = lazy(() => import('../features/catalog/MainMenuPage.tsx'));
const ThemePage = lazy(() => import('../features/catalog/ThemePage.tsx'));
const ComingSoonPage = lazy(() => import('../features/catalog/ComingSoonPage.tsx'));
const LocalizedMainMenuPage = lazy(() => import('../features/catalog/LocalizedMainMenuPage.tsx'));
// The account pages share one chunk (features/auth/pages/index.ts), fetched when the first
// of them opens; the Shell's Suspense shows its spinner meanwhile.
const accountPages = () => import('../features/auth/pages/index.ts');
type AccountPageName = Exclude<keyof Awaited<ReturnType<typeof accountPages>>, symbol>;
const accountPage = (name: AccountPageName) => lazy(async () => ({ default: (await accountPages())[name] }));
const LoginPage = accountPage('LoginPage');
const RegisterPage = accountPage('RegisterPage');
const EmailConfirmPage = accountPage('EmailConfirmPage');
const PasswordResetPage = accountPage('PasswordResetPage');
const PasswordChangePage = accountPage('PasswordChangePage');
const ProfilePage = accountPage('ProfilePage');
const MyPage = accountPage('MyPage');
const AccountPage = accountPage('AccountPage');
const EmailChangePage = accountPage('EmailChangePage');
const AccountDeletePage = accountPage('AccountDeletePage');
const GoogleSuccessPage = accountPage('GoogleSuccessPage');
const GoogleFailurePage = accountPage('GoogleFailurePage');

// The billing pages (payment flow, cards, history, legal notices) share one chunk.
const billingPages = () => import('../features/billing/pages.ts');
type BillingPageName = Exclude<keyof Awaited<ReturnType<typeof billingPages>>, symbol>;
const billingPage = (name: BillingPageName) => lazy(async () => ({ default: (await billingPages())[name] }));
const CreditPage = billingPage('CreditPage');
const EditCardPage = billingPage('EditCardPage');
const PurchasesPage = billingPage('PurchasesPage');
const CommerceLawPage = billingPage('CommerceLawPage');
const SettlementLawPage = billingPage('SettlementLawPage');
const MpiCompletePage = billingPage('MpiCompletePage');
const MpiMerchantPage = billingPage('MpiMerchantPage');
const MpiNoneRecurringPage = billingPage('MpiNoneRecurringPage');
const MpiNoneRegisterCardPage = billingPage('MpiNoneRegisterCardPage');

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
      privateRoute('payment/editcard', <EditCardPage />),
      privateRoute('payment/process/credit', <CreditPage />),
      privateRoute('payment/process/mpi_complete', <MpiCompletePage />),
      privateRoute('payment/process/mpi_merchant', <MpiMerchantPage />),
      privateRoute('payment/process/mpi_none_recurring', <MpiNoneRecurringPage />),
      privateRoute('payment/process/mpi_none_register_card', <MpiNoneRegisterCardPage />),
      privateRoute('full/purchases', <PurchasesPage />),
      // SPEC.md §2 lists these under logged-in routes, but the law wants them readable before any purchase: public.
      { path: 'commerce_law', element: <CommerceLawPage /> },
      { path: 'settlement_law', element: <SettlementLawPage /> },
      { path: 'faq', element: <Popup titleKey="nav.faq"><Faq /></Popup> },
      { path: 'terms_of_use', element: <Popup titleKey="nav.terms"><TermsOfUse /></Popup> },
      { path: 'privacy_policy', element: <Popup titleKey="nav.privacy"><PrivacyPolicy /></Popup> },
      { path: 'mic_manual', element: <Popup titleKey="nav.micManual"><MicManual /></Popup> },
      { path: 'full/main_menu', element: <MainMenuPage /> },
      { path: ':lang/full/main_menu', element: <LocalizedMainMenuPage /> },
      { path: 'theme/:category/:a?/:b?', element: <ThemePage /> },
      { path: 'coming_soon', element: <ComingSoonPage /> },
      { path: 'full/select_chat', element: <SelectChatPage /> },
      { path: 'full/chat/:character_slug', element: <Suspense fallback={<PlayerRouteFallback />}><PlayerPage /></Suspense> },
      { path: ':segment/*', element: <AdminGate /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
