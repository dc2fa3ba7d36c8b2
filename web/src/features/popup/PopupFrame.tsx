import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PopupFrameProps {
  title?: string;
  canClose: boolean;
  fullPage: boolean;
  className?: string;
  onDismiss: () => void;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The look and dismissal rules of every popup: overlay click and Escape close
 * it only when canClose is true. Used by the shared dialog and the popup routes.
 */
export function PopupFrame({ title, canClose, fullPage, className, onDismiss, footer, children }: PopupFrameProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The page behind a popup must not scroll with it (iOS Safari scrolls the body otherwise).
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && canClose) onDismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canClose, onDismiss]);

  const classes = ['popup', fullPage ? 'popup--full' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div
      className="popup-overlay"
      data-testid="popup-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget && canClose) onDismiss();
      }}
    >
      <div className={classes} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} ref={panel}>
        {(title || canClose) && (
          <div className="popup__head">
            {title ? <h2 className="popup__title">{title}</h2> : <span />}
            {canClose && (
              <button type="button" className="popup__close" aria-label={t('common.close')} onClick={onDismiss}>
                ×
              </button>
            )}
          </div>
        )}
        <div className="popup__body">{children}</div>
        {footer && <div className="popup__foot">{footer}</div>}
      </div>
    </div>
  );
}
