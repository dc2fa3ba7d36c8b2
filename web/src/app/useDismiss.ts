import { useEffect, useRef, type RefObject } from 'react';

/**
 * How the shell's menus close, one mechanism for all of them: Escape closes an open one and, with `outside`, so
 * does a press outside it. Pointerdown rather than click: a finger's tap elsewhere closes it before that tap acts,
 * as a mouse's does. When it closes with focus inside it (or lost to the page), focus goes back to `opener`, the
 * button that opened it.
 */
export function useDismiss(
  open: boolean,
  element: RefObject<HTMLElement | null>,
  opener: () => HTMLElement | null,
  close: () => void,
  { outside = false }: { outside?: boolean } = {},
): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !element.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKey);
    if (outside) document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, element, close, outside]);

  useEffect(() => {
    const active = document.activeElement;
    if (wasOpen.current && !open && (active === document.body || element.current?.contains(active))) opener()?.focus();
    wasOpen.current = open;
  }, [open, element, opener]);
}
