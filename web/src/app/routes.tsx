import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n/i18n.ts';
import { storeLanguage, type Language } from '../i18n/languages.ts';
import { useAppDispatch } from './hooks.ts';
import { languageChanged } from './shell.ts';
import { PlayerRouteFallback } from './PlayerBoot.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PopupRoute } from './PopupRoute.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Shell } from './Shell.tsx';
import { Card } from './ui.tsx';

// The long Japanese documents are separate chunks, fetched only when opened.
const TermsOfUse = lazy(() => import('../features/help/TermsOfUse.tsx'));
const PrivacyPolicy = lazy(() => import('../features/help/PrivacyPolicy.tsx'));
const MicManual = lazy(() => import('../features/help/MicManual.tsx'));
const Faq = lazy(() => import('../features/help/Faq.tsx'));
// Any other first path segment: the admin console's secret one, or not found. A chunk of its own (it and the
// console's loader were in every page's entry, and the talk page's JavaScript budget has no room for them).
const AdminGate = lazy(async () => ({ default: (await import('./AdminGate.tsx')).AdminGate }));
// The player (engine included) and the full-product menus load only when opened.
const PlayerPage = lazy(() => import('../features/player/PlayerPage.tsx'));
const SelectChatPage = lazy(() => import('../features/catalog/SelectChatPage.tsx'));
const MainMenuPage = lazy(() => import('../features/catalog/MainMenuPage.tsx'));
const ThemePage = lazy(() => import('../features/catalog/ThemePage.tsx'));
const ComingSoonPage = lazy(() => import('../features/catalog/ComingSoonPage.tsx'));
// The talking product's own pages (issue 14): system check, mic test, the caller's talks, the album.
const SystemCheckPage = lazy(() => import('../features/systemCheck/SystemCheckPage.tsx'));
const MicTestPage = lazy(() => import('../features/micTest/MicTestPage.tsx'));
const TalksPage = lazy(() => import('../features/talks/TalksPage.tsx'));
const AlbumPage = lazy(() => import('../features/album/AlbumPage.tsx'));
const AlbumConversationPage = lazy(() => import('../features/album/AlbumConversationPage.tsx'));
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
const ReceiptPage = billingPage('ReceiptPage');
const CommerceLawPage = billingPage('CommerceLawPage');
const SettlementLawPage = billingPage('SettlementLawPage');
const MpiCompletePage = billingPage('MpiCompletePage');
const MpiMerchantPage = billingPage('MpiMerchantPage');
const MpiNoneRecurringPage = billingPage('MpiNoneRecurringPage');
const MpiNoneRegisterCardPage = billingPage('MpiNoneRegisterCardPage');

// The engagement pages (serial codes, campaigns, notifications, news, contact) share one chunk.
const engagementPages = () => import('../features/engagement/pages.ts');
type EngagementPageName = Exclude<keyof Awaited<ReturnType<typeof engagementPages>>, symbol>;
const engagementPage = (name: EngagementPageName) => lazy(async () => ({ default: (await engagementPages())[name] }));
const SerialPage = engagementPage('SerialPage');
const CouponPage = engagementPage('CouponPage');
const NotificationPage = engagementPage('NotificationPage');
const NewsPage = engagementPage('NewsPage');
const ContactPage = engagementPage('ContactPage');
const ContactDevPage = engagementPage('ContactDevPage');

function Popup({ titleKey, children }: { titleKey: ParseKeys; children: ReactNode }) {
  const { t } = useTranslation();
  return <PopupRoute title={t(titleKey)}>{children}</PopupRoute>;
}

const privateRoute = (path: string, element: ReactNode): RouteObject => ({
  path,
  element: <RequireAuth>{element}</RequireAuth>,
});

/** /full/term_of_use, /full/privacy_policy: the documents of the popups as pages of their own. */
function FullPageDoc({ children }: { children: ReactNode }) {
  return (
    <section className="page page--wide">
      <Card>{children}</Card>
    </section>
  );
}

/** The full product's pages (SPEC.md §2), the same under /full and under each language prefix. */
const fullPages: RouteObject[] = [
  // /full itself shows an empty shell, as before; an unknown page under it is not found.
  { index: true, element: null },
  { path: 'main_menu', element: <MainMenuPage /> },
  { path: 'select_chat', element: <SelectChatPage /> },
  {
    path: 'chat/:character_slug',
    element: (
      <Suspense fallback={<PlayerRouteFallback />}>
        <PlayerPage />
      </Suspense>
    ),
  },
  privateRoute('album/:character_slug', <AlbumPage />),
  privateRoute('album/:character_slug/:button_id', <AlbumConversationPage />),
  privateRoute('purchases', <PurchasesPage />),
  privateRoute('purchases/:purchase_id/receipt', <ReceiptPage />),
  {
    path: 'term_of_use',
    element: (
      <FullPageDoc>
        <TermsOfUse />
      </FullPageDoc>
    ),
  },
  {
    path: 'privacy_policy',
    element: (
      <FullPageDoc>
        <PrivacyPolicy />
      </FullPageDoc>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The full pages as descendant routes of one `full/*` route (and one per language prefix): the
 * top-level table stays ~50 routes instead of ~130 (nine copies of these pages), and React Router
 * flattens, ranks and regex-matches the whole table on every render of the routes, each a long task
 * on a mid-range phone's first render.
 */
function FullPages() {
  return useRoutes(fullPages);
}

/**
 * The language prefixes of /{lang}/full/... (SPEC.md §2: /ja/full/main_menu is
 * the landing): each bundled language by its code and by its short name.
 * Static segments, so any other first segment still reaches the admin gate
 * (whose console has full/... pages of its own) or "not found".
 */
const LANGUAGE_PREFIXES: ReadonlyArray<[string, Language]> = [
  ['ja-JP', 'ja-JP'],
  ['ja', 'ja-JP'],
  ['en-US', 'en-US'],
  ['en', 'en-US'],
  ['fil-PH', 'fil-PH'],
  ['fil', 'fil-PH'],
  ['zh-TW', 'zh-TW'],
  ['zh', 'zh-TW'],
];

/** A language prefix switches the interface language (remembered like a choice in the switcher) and shows the page. */
function LanguageRoute({ language }: { language: Language }) {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (i18n.language === language) return;
    void switchLanguage(i18n, language).then(() => {
      storeLanguage(language);
      dispatch(languageChanged(language));
    });
  }, [language, i18n, dispatch]);
  return <FullPages />;
}

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
      privateRoute('chat', <TalksPage />),
      // SPEC.md §2 names the screens that need a log-in; the checks are not among them (a visitor tries the microphone before signing up).
      { path: 'check', element: <SystemCheckPage /> },
      { path: 'mic_test', element: <MicTestPage /> },
      privateRoute('serial', <SerialPage />),
      privateRoute('coupon', <CouponPage />),
      privateRoute('notification', <NotificationPage />),
      { path: 'news', element: <NewsPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'contact_dev', element: <ContactDevPage /> },
      // SPEC.md §2 lists these under logged-in routes, but the law wants them readable before any purchase: public.
      { path: 'commerce_law', element: <CommerceLawPage /> },
      { path: 'settlement_law', element: <SettlementLawPage /> },
      {
        path: 'faq',
        element: (
          <Popup titleKey="nav.faq">
            <Faq />
          </Popup>
        ),
      },
      {
        path: 'terms_of_use',
        element: (
          <Popup titleKey="nav.terms">
            <TermsOfUse />
          </Popup>
        ),
      },
      {
        path: 'privacy_policy',
        element: (
          <Popup titleKey="nav.privacy">
            <PrivacyPolicy />
          </Popup>
        ),
      },
      {
        path: 'mic_manual',
        element: (
          <Popup titleKey="nav.micManual">
            <MicManual />
          </Popup>
        ),
      },
      { path: 'full/*', element: <FullPages /> },
      ...LANGUAGE_PREFIXES.map(([prefix, language]): RouteObject => ({
        path: `${prefix}/full/*`,
        element: <LanguageRoute language={language} />,
      })),
      { path: 'theme/:category/:a?/:b?', element: <ThemePage /> },
      { path: 'coming_soon', element: <ComingSoonPage /> },
      { path: ':segment/*', element: <AdminGate /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
