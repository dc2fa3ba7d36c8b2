import type { ReactNode } from 'react';
import type { PopupButtonKind } from './popupSlice.ts';

/** A button's click action; returning false keeps the dialog open. */
export type PopupAction = () => void | boolean | Promise<void | boolean>;

export interface PopupHandlers {
  children?: ReactNode;
  onAfterClose?: () => void;
  actions: Partial<Record<PopupButtonKind, PopupAction>>;
}

// Only one dialog is open at a time, so one slot is enough.
let current: PopupHandlers = { actions: {} };

export function setPopupHandlers(handlers: PopupHandlers): void {
  current = handlers;
}

export function popupHandlers(): PopupHandlers {
  return current;
}

/** Returns the after-close callback once and forgets the dialog's handlers. */
export function takeAfterClose(): (() => void) | undefined {
  const callback = current.onAfterClose;
  current = { actions: {} };
  return callback;
}
