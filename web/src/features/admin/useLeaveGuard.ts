import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from './i18n.ts';

/**
 * Asks before unsaved edits are lost. The app runs React Router in declarative
 * mode (App.tsx: BrowserRouter, chosen to keep the data router out of every
 * page's entry), where `useBlocker` is not available; so, while `dirty`:
 * - closing or reloading the tab asks through `beforeunload`;
 * - a click on any in-app link (console menu, character tabs, breadcrumbs) asks
 *   first, and is stopped before React Router sees it if the operator stays;
 * - `confirmLeave()` asks for moves that are not links (another node in the
 *   graph, another row of the block list, closing the panel).
 * The browser's back button is not asked about (it needs a data router).
 */
export function useLeaveGuard(dirty: boolean): { confirmLeave: () => boolean } {
  const { t } = useTranslation(ADMIN_NS);
  const message = t('versions.unsaved');
  const state = useRef({ dirty, message });
  state.current = { dirty, message };

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!isInAppNavigation(event)) return;
      if (window.confirm(state.current.message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture on the document runs before React's listeners on its root, so a declined move never reaches <Link>.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const confirmLeave = useCallback(() => !state.current.dirty || window.confirm(state.current.message), []);
  return { confirmLeave };
}

/** A plain left click on a same-origin link that would change the page (not a new tab, a download or an in-page anchor). */
function isInAppNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download'))
    return false;
  const next = new URL(anchor.href, window.location.href);
  if (next.origin !== window.location.origin) return false;
  return next.pathname !== window.location.pathname || next.search !== window.location.search;
}
