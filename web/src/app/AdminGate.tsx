import { lazy } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectIsAdmin, selectSession, useClientConfig } from '../api/index.ts';
import { useAppSelector } from './hooks.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { Spinner } from './ui.tsx';

// Code-split: consumers never download the console (DESIGN.md §5).
const AdminConsole = lazy(() => import('../features/admin/AdminConsole.tsx'));

const buildAdminPath = import.meta.env.VITE_ADMIN_PATH_PREFIX as string | undefined;

/**
 * The admin console sits under a secret first path segment (SPEC.md §2),
 * learnt from GET /api/config (which may reveal it to admins only). Any other
 * unknown first segment is simply "not found".
 */
export function AdminGate() {
  const { t } = useTranslation();
  const { segment } = useParams();
  const location = useLocation();
  const { status } = useAppSelector(selectSession);
  const isAdmin = useAppSelector(selectIsAdmin);
  const config = useClientConfig();
  const adminPath = (config.data?.adminPath ?? buildAdminPath)?.replace(/^\/+|\/+$/g, '');

  // A refreshed token is a new config fetch: an open console stays while it runs.
  if (status === 'unknown' || (config.isFetching && !config.data?.adminPath)) return <Spinner label={t('common.loading')} />;
  if (!adminPath || segment !== adminPath) return <NotFoundPage />;
  if (status === 'guest') return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  if (!isAdmin) return <NotFoundPage />;
  return <AdminConsole basePath={`/${adminPath}`} apiBase={config.data?.adminApiBase ?? '/api/admin'} />;
}
