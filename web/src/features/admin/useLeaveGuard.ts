import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from './i18n.ts';

interface Guard {
  dirty: boolean;
  message: string;
  /** Work only closing the tab loses (an upload in flight keeps going when the console shows another page). */
  tabOnly: boolean;
}

/** The guards of the forms on screen that hold unsaved edits; one set of listeners serves them all, so a move asks once. */
const dirtyGuards = new Set<{ current: Guard }>();

/** The history entry on screen (what Back or Forward is undone to); React Router's browser history numbers its entries `idx`. */
let shown: { index: number | null; href: string; state: unknown } | null = null;
/** The popstate our own `history.go` back to the shown entry causes: React Router must not see it either. */
let returning = false;

const indexOf = (state: unknown): number | null => {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
};

function pendingMessage(): string | null {
  for (const guard of dirtyGuards) if (guard.current.dirty && !guard.current.tabOnly) return guard.current.message;
  return null;
}

/** True when no form on screen holds unsaved edits, or the operator agreed to lose them. */
export function confirmUnsaved(): boolean {
  const message = pendingMessage();
  return message === null || window.confirm(message);
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (![...dirtyGuards].some((guard) => guard.current.dirty)) return;
  event.preventDefault();
  event.returnValue = '';
}

function onClick(event: MouseEvent) {
  if (!isInAppNavigation(event) || confirmUnsaved()) return;
  event.preventDefault();
  event.stopPropagation();
}

/**
 * Back or Forward has already moved the browser when popstate fires (it cannot
 * be cancelled); this capture listener on window runs before React Router's
 * (added without capture), so a declined move is hidden from the router and
 * the browser is sent back to the entry on screen.
 */
function onPopState(event: PopStateEvent) {
  if (returning) {
    returning = false;
    event.stopImmediatePropagation();
    return;
  }
  if (confirmUnsaved()) return;
  event.stopImmediatePropagation();
  if (!shown) return;
  const arrived = indexOf(event.state);
  const delta = shown.index !== null && arrived !== null ? shown.index - arrived : 0;
  if (delta !== 0) {
    returning = true;
    window.history.go(delta);
  } else {
    // An entry React Router did not number (or the same number): put the page on screen back on top instead.
    window.history.pushState(shown.state, '', shown.href);
  }
}

function listen(on: boolean) {
  if (on) {
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState, true);
    // Capture on the document runs before React's listeners on its root, so a declined move never reaches <Link>.
    document.addEventListener('click', onClick, true);
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload);
    window.removeEventListener('popstate', onPopState, true);
    document.removeEventListener('click', onClick, true);
  }
}

/**
 * Asks before unsaved edits are lost. The app runs React Router in declarative
 * mode (App.tsx: BrowserRouter, chosen to keep the data router out of every
 * page's entry), where `useBlocker` is not available; so, while `dirty`:
 * - closing or reloading the tab asks through `beforeunload`;
 * - a click on any in-app link (console menu, character tabs, breadcrumbs) asks
 *   first, and is stopped before React Router sees it if the operator stays;
 * - the browser's Back and Forward ask, and the page stays if the operator does;
 * - `confirmLeave()` asks for moves that are not links (another node in the
 *   graph, another row of the block list, closing the panel), and
 *   `confirmUnsaved()` does the same for a parent that cannot see the form's state.
 * With `tabOnly` (uploads in flight) only closing or reloading the tab asks.
 */
export function useLeaveGuard(
  dirty: boolean,
  { tabOnly = false }: { tabOnly?: boolean } = {},
): { confirmLeave: () => boolean } {
  const { t } = useTranslation(ADMIN_NS);
  const location = useLocation();
  const guard = (): Guard => ({ dirty, message: t('versions.unsaved'), tabOnly });
  const state = useRef<Guard>(guard());
  state.current = guard();

  useEffect(() => {
    shown = { index: indexOf(window.history.state), href: window.location.href, state: window.history.state };
  }, [location]);

  useEffect(() => {
    if (!dirty) return undefined;
    if (dirtyGuards.size === 0) listen(true);
    dirtyGuards.add(state);
    return () => {
      dirtyGuards.delete(state);
      if (dirtyGuards.size === 0) listen(false);
    };
  }, [dirty]);

  const confirmLeave = useCallback(
    () => !state.current.dirty || state.current.tabOnly || window.confirm(state.current.message),
    [],
  );
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
