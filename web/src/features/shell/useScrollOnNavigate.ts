import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * What React Router's <ScrollRestoration> does, for the declarative router
 * the app uses (App.tsx: the data router would cost every page ~18 kB): a new
 * page (link, redirect) opens at its top, so its title is never left under
 * the sticky header; back and forward return to where that entry was left.
 * Positions are kept per history entry (location.key) for this visit.
 */
export function useScrollOnNavigate(positions: Map<string, number> = sharedPositions): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<string | null>(null);

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    // The first page of the visit: the browser (or a reload) decides.
    if (shown.current !== null) {
      if (navigationType === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
      else if (!location.hash) window.scrollTo(0, 0);
    }
    shown.current = key;
    return () => window.removeEventListener('scroll', remember);
  }, [location.key, location.hash, navigationType, positions]);
}

const sharedPositions = new Map<string, number>();
