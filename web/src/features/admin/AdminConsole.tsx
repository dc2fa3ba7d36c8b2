import { NavLink, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminBaseContext } from './AdminBase.tsx';
import { ADMIN_NS } from './i18n.ts';
import { MailOutbox } from './MailOutbox.tsx';
import { UsersPage } from './UsersPage.tsx';
import { UserDetailPage } from './users/UserDetailPage.tsx';
import { OperatorsPage } from './operators/OperatorsPage.tsx';
import { CategoriesPage } from './taxonomy/CategoriesPage.tsx';
import { CategoryGroupsPage } from './taxonomy/CategoryGroupsPage.tsx';
import './home/console.css';
import { AdminHome } from './home/AdminHome.tsx';
import { CharactersPage } from './characters/CharactersPage.tsx';
import { CharacterDetailPage } from './characters/CharacterDetailPage.tsx';
import { InitialSettingPage } from './characters/InitialSettingPage.tsx';
import { AvatarPage } from './characters/AvatarPage.tsx';
import { VideoLibraryPage } from './videos/VideoLibraryPage.tsx';
import { PreviewVideoPage } from './videos/PreviewVideoPage.tsx';
import { VideoDetailsPage } from './videos/VideoDetailsPage.tsx';
// The block pages are part of the console; only their canvas (xyflow) is a chunk of its own (blocks/useGraphModule.ts).
import BlocksPage from './blocks/BlocksPage.tsx';
import SimulatorPage from './simulator/SimulatorPage.tsx';
import TestsPage from './tests/TestsPage.tsx';
import BlockCopyPage from './blockCopy/BlockCopyPage.tsx';
import { PaymentHistoryPage } from './billing/PaymentHistoryPage.tsx';
import { PurchaseDetailPage } from './billing/PurchaseDetailPage.tsx';
import { SubscriptionsPage } from './billing/SubscriptionsPage.tsx';
import { PointGivePage } from './billing/PointGivePage.tsx';
import { FullUsersPage } from './billing/FullUsersPage.tsx';
import { FullUserPage } from './billing/FullUserPage.tsx';
import { CancelReasonsPage } from './cancelReasons/CancelReasonsPage.tsx';
import { ProductTextsPage } from './productTexts/ProductTextsPage.tsx';
import { UserAlbumPage } from './userContent/UserAlbumPage.tsx';
import { SerialsPage } from './engagement/SerialsPage.tsx';
import { CouponPage } from './engagement/CouponPage.tsx';
import { NotificationsPage } from './engagement/NotificationsPage.tsx';
import { ContactsPage } from './engagement/ContactsPage.tsx';
import { ContactDetailPage } from './engagement/ContactDetailPage.tsx';
import { CampaignsPage } from './engagement/CampaignsPage.tsx';
import { LogsPage } from './logs/LogsPage.tsx';
import { InsightPage } from './insight/InsightPage.tsx';

/**
 * The admin console: a separate chunk behind the secret path prefix (loaded by
 * app/AdminGate). Each area of the console owns a folder here and adds its
 * routes and its link below.
 */
export default function AdminConsole({ basePath, apiBase }: { basePath: string; apiBase: string }) {
  const { t } = useTranslation('adminMain');
  const { t: ta } = useTranslation(ADMIN_NS);
  return (
    <AdminBaseContext value={{ basePath, apiBase }}>
      <section className="page page--wide admin">
        <h1 className="page__title">{t('admin.title')}</h1>
        <div className="admin-layout">
          <nav className="admin-nav" aria-label={t('admin.title')}>
            <NavLink className="admin-nav__link" to={basePath} end>
              {ta('console.home')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/logs`}>
              {ta('logs.nav')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/characters`}>
              {ta('characters.nav')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/users`}>
              {t('admin.users')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/operators`}>
              {ta('operators.nav')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/mail`}>
              {t('admin.mail')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/full/categories`}>
              {ta('taxonomy.nav')}
            </NavLink>
            <span className="admin-nav__group" role="presentation">
              {ta('billing.nav.group')}
            </span>
            <NavLink className="admin-nav__link" to={`${basePath}/payment/history`}>
              {ta('billing.nav.history')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/subscriptions/list`}>
              {ta('billing.nav.subscriptions')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/point/give`}>
              {ta('billing.nav.points')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/full/users`}>
              {ta('billing.nav.users')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/cancel_reasons`}>
              {ta('cancelReasons.nav')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/product_texts`}>
              {ta('productTexts.nav')}
            </NavLink>
            <span className="admin-nav__group" role="presentation">
              {ta('engagement.nav.group')}
            </span>
            <NavLink className="admin-nav__link" to={`${basePath}/serials`}>
              {ta('engagement.nav.serials')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/notifications`}>
              {ta('engagement.nav.notifications')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/contacts`}>
              {ta('engagement.nav.contacts')}
            </NavLink>
            <NavLink className="admin-nav__link" to={`${basePath}/campaigns`}>
              {ta('engagement.nav.campaigns')}
            </NavLink>
          </nav>
          <div className="admin-main">
            <Routes>
              <Route index element={<AdminHome />} />
              <Route path="logs" element={<LogsPage />} />
              <Route path="users" element={<UsersPage apiBase={apiBase} />} />
              <Route path="users/:id" element={<UserDetailPage />} />
              <Route path="operators" element={<OperatorsPage />} />
              <Route path="mail" element={<MailOutbox apiBase={apiBase} />} />
              <Route path="full/categories" element={<CategoriesPage />} />
              <Route path="full/categories/:category_id/groups" element={<CategoryGroupsPage />} />
              <Route path="characters" element={<CharactersPage />} />
              <Route path="characters/:character_id" element={<CharacterDetailPage />} />
              <Route path="characters/:character_id/initialSetting" element={<InitialSettingPage />} />
              <Route path="characters/:character_id/avatar" element={<AvatarPage />} />
              <Route path="characters/:character_id/videos" element={<VideoLibraryPage />} />
              <Route path="characters/previewVideo/:video_id" element={<PreviewVideoPage />} />
              <Route path="characters/details/:video_id" element={<VideoDetailsPage />} />
              <Route path="characters/:characterId/blocks" element={<BlocksPage />} />
              <Route path="characters/:characterId/blocks/new" element={<BlocksPage creating />} />
              <Route path="characters/:character_id/insight" element={<InsightPage />} />
              <Route path="characters/:character_id/try" element={<SimulatorPage />} />
              <Route path="characters/:character_id/tests" element={<TestsPage />} />
              <Route path="characters/:character_id/copy" element={<BlockCopyPage />} />
              <Route path="payment/history" element={<PaymentHistoryPage />} />
              <Route path="full/purchases/:purchase_id" element={<PurchaseDetailPage />} />
              <Route path="subscriptions/list" element={<SubscriptionsPage />} />
              <Route path="point/give" element={<PointGivePage />} />
              <Route path="full/users" element={<FullUsersPage />} />
              <Route path="full/users/:id" element={<FullUserPage />} />
              <Route path="full/users/:id/:character_id/album" element={<UserAlbumPage />} />
              <Route path="cancel_reasons" element={<CancelReasonsPage />} />
              <Route path="product_texts" element={<ProductTextsPage />} />
              <Route path="serials" element={<SerialsPage />} />
              <Route path="serials/:coupon_id" element={<CouponPage />} />
              <Route path="notifications" element={<NotificationsPage />} />
              <Route path="contacts" element={<ContactsPage />} />
              <Route path="contacts/:id" element={<ContactDetailPage />} />
              <Route path="campaigns" element={<CampaignsPage />} />
              <Route path="*" element={<p className="muted">{ta('console.notFound')}</p>} />
            </Routes>
          </div>
        </div>
      </section>
    </AdminBaseContext>
  );
}
