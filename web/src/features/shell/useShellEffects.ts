import { useEffect } from 'react';
import { hasSessionHint, signedOut, useClientConfig, useRestoreSessionMutation } from '../../api/index.ts';
import { useAppDispatch, useAppStore } from '../../app/hooks.ts';
import { loadAnalytics } from './analytics.ts';
import { installDevtoolsGuard } from './devtoolsGuard.ts';

// Build-time values win over nothing; the run-time /api/config wins over both.
const buildAnalyticsId = import.meta.env.VITE_ANALYTICS_ID as string | undefined;
const buildBlockHost = import.meta.env.VITE_DEVTOOLS_BLOCK_HOST as string | undefined;

/** What the shell does once per visit: restore the session, load analytics if configured, guard devtools on the configured host. */
export function useShellEffects(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [restore] = useRestoreSessionMutation();
  const config = useClientConfig();

  useEffect(() => {
    // Without the CSRF cookie there is no refresh cookie either: skip a request that can only fail.
    if (hasSessionHint()) void restore();
    // main.tsx already starts a visitor without the cookie as a guest: no second render of the page to say so.
    else if (store.getState().session.status !== 'guest') dispatch(signedOut());
  }, [dispatch, restore, store]);

  const settled = !config.isLoading;
  const analyticsId = config.data?.analyticsId ?? buildAnalyticsId;
  const blockHost = config.data?.devtoolsBlockHost ?? buildBlockHost;

  useEffect(() => {
    if (settled) loadAnalytics(analyticsId);
  }, [settled, analyticsId]);

  useEffect(() => (settled ? installDevtoolsGuard(blockHost) : undefined), [settled, blockHost]);
}
