import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectSession } from '../api/session.ts';
import { useAppSelector } from './hooks.ts';
import { Spinner } from './ui.tsx';

/** Routes marked authenticated_users_only (SPEC.md §6): a guest goes to /login and comes back after logging in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAppSelector(selectSession);
  const location = useLocation();
  const { t } = useTranslation();
  if (status === 'unknown') return <Spinner label={t('common.loading')} />;
  if (status === 'guest') {
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}
