import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { PopupFrame } from './PopupFrame.tsx';
import { popupHandlers } from './popupHandlers.ts';
import { selectPopup, type PopupButtonKind } from './popupSlice.ts';
import { closePopup } from './usePopup.ts';

const ORDER: PopupButtonKind[] = ['other', 'cancel', 'ok'];

/** The application's one shared dialog (SPEC.md §3), driven by the popup slice. */
export function PopupDialog() {
  const popup = useAppSelector(selectPopup);
  const dispatch = useAppDispatch();
  const dismiss = useCallback(() => closePopup(dispatch), [dispatch]);

  if (!popup.open) return null;
  const handlers = popupHandlers();

  const click = async (kind: PopupButtonKind) => {
    const action = handlers.actions[kind];
    const keepOpen = action ? (await action()) === false : false;
    if (!keepOpen) dismiss();
  };

  const buttons = ORDER.filter((kind) => popup.buttons[kind]).map((kind) => (
    <button
      key={kind}
      type="button"
      className={`btn btn--${kind === 'ok' ? 'primary' : 'ghost'}`}
      onClick={() => void click(kind)}
    >
      {popup.buttons[kind]?.title}
    </button>
  ));

  return (
    <PopupFrame
      key={popup.serial}
      canClose={popup.canClose}
      fullPage={popup.fullPage}
      className={popup.className}
      onDismiss={dismiss}
      footer={buttons.length > 0 ? buttons : undefined}
    >
      {popup.message && <p className="popup__message">{popup.message}</p>}
      {handlers.children}
    </PopupFrame>
  );
}
