import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectIsAdmin, selectSession, useClientConfig } from '../api/index.ts';
import { adminConsoleModule } from '../features/admin/consoleModule.ts';
import { useAppSelector } from './hooks.ts';
import { isRememberedConsolePath, rememberConsolePath } from './consolePathHint.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { Spinner } from './ui.tsx';

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
  const settled = status !== 'unknown' && !(config.isFetching && !config.data?.adminPath);
  // Code-split (consumers never download the console), and fetched only for an admin on the console's path.
  const consoleModule = adminConsoleModule.useModule(
    settled && !!adminPath && segment === adminPath && status !== 'guest' && isAdmin,
  );

  const showsConsole = !!consoleModule && isAdmin && segment === adminPath;
  useEffect(() => {
    if (showsConsole && adminPath) rememberConsolePath(adminPath);
  }, [showsConsole, adminPath]);

  // A refreshed token is a new config fetch: an open console stays while it runs.
  if (!settled) return <Spinner label={t('common.loading')} />;
  const toLogIn = (
    <Navigate to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />
  );
  // An expired session on a console URL this browser knows: log in and come back (consolePathHint.ts).
  if (status === 'guest' && isRememberedConsolePath(segment)) return toLogIn;
  if (!adminPath || segment !== adminPath) return <NotFoundPage />;
  if (status === 'guest') return toLogIn;
  if (!isAdmin) return <NotFoundPage />;
  if (!consoleModule) return <Spinner label={t('common.loading')} />;
  return <consoleModule.default basePath={`/${adminPath}`} apiBase={config.data?.adminApiBase ?? '/api/admin'} />;
}
