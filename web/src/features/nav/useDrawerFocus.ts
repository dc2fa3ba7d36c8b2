import { useEffect, type RefObject } from 'react';
import { useDismiss } from '../../app/useDismiss.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap inside the drawer. */
function trapTab(event: KeyboardEvent, drawer: HTMLElement): void {
  const items = [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !drawer.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !drawer.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The drawer as a modal menu for the keyboard: focus moves into it when it
 * opens and stays there (Tab wraps); Escape closes it and focus goes back to
 * the button that opened it (`opener`), as every menu's (useDismiss). A press
 * outside is the Shell's scrim's: the scrim covers everything but the drawer.
 */
export function useDrawerFocus(
  open: boolean,
  drawer: RefObject<HTMLElement | null>,
  opener: () => HTMLElement | null,
  close: () => void,
): void {
  useDismiss(open, drawer, opener, close);
  useEffect(() => {
    const element = drawer.current;
    if (!open || !element) return undefined;
    element.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') trapTab(event, element);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, drawer]);
}
