import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import type { AppDispatch } from '../../app/store.ts';
import { closed, opened, type PopupButtonKind } from './popupSlice.ts';
import { setPopupHandlers, takeAfterClose, type PopupAction } from './popupHandlers.ts';

export interface PopupButton {
  title: string;
  onClick?: PopupAction;
}

/** Every field of the popup dialog entity (SPEC.md §3) except `open`. */
export interface PopupOptions {
  message?: string;
  children?: ReactNode;
  canClose?: boolean;
  keepMsg?: boolean;
  fullPage?: boolean;
  className?: string;
  onAfterClose?: () => void;
  ok?: PopupButton;
  cancel?: PopupButton;
  other?: PopupButton;
}

const KINDS: PopupButtonKind[] = ['ok', 'cancel', 'other'];

export function openPopup(dispatch: AppDispatch, options: PopupOptions): void {
  const buttons: Partial<Record<PopupButtonKind, { title: string }>> = {};
  const actions: Partial<Record<PopupButtonKind, PopupAction>> = {};
  for (const kind of KINDS) {
    const button = options[kind];
    if (!button) continue;
    buttons[kind] = { title: button.title };
    if (button.onClick) actions[kind] = button.onClick;
  }
  setPopupHandlers({
    actions,
    ...(options.children === undefined ? {} : { children: options.children }),
    ...(options.onAfterClose ? { onAfterClose: options.onAfterClose } : {}),
  });
  dispatch(
    opened({
      message: options.message ?? '',
      canClose: options.canClose ?? true,
      keepMsg: options.keepMsg ?? false,
      fullPage: options.fullPage ?? false,
      className: options.className ?? '',
      buttons,
    }),
  );
}

export function closePopup(dispatch: AppDispatch): void {
  dispatch(closed());
  takeAfterClose()?.();
}

export function usePopup() {
  const dispatch = useAppDispatch();
  return {
    show: useCallback((options: PopupOptions) => openPopup(dispatch, options), [dispatch]),
    close: useCallback(() => closePopup(dispatch), [dispatch]),
  };
}
