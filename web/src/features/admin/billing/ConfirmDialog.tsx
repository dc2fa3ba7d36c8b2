import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupFrame } from '../../../app/shell.ts';
import { Notice } from '../../../app/ui.tsx';
import { ADMIN_NS } from '../i18n.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The Japanese message of a refused call (`{ok:false, message, code}` in RTK Query's error data), else the fallback. */
export function refusalOf(failure: unknown, fallback: string): string {
  const body = isRecord(failure) && isRecord(failure.data) ? failure.data : {};
  for (const candidate of [body.message, body.error])
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
  return fallback;
}

export interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  /** The form inside (reason, amount); the page keeps its state. */
  children: ReactNode;
  /** A refusal before anything is sent (empty reason, too large an amount), or null. */
  check: () => string | null;
  /** Sends the request; throws the server's error (RTK Query's unwrap()). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The confirmation of a money-moving admin action: a popup frame with its form,
 * the server's Japanese refusal inside, and a confirm button that sends at most
 * one request at a time (a double click is one request).
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  danger = false,
  children,
  check,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation(ADMIN_NS);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const confirm = async () => {
    if (sending.current) return;
    const refusal = check();
    setError(refusal);
    if (refusal) return;
    sending.current = true;
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(refusalOf(failure, t('billing.failed')));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const footer = (
    <div className="form-actions billing-dialog__actions">
      <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
        {t('billing.cancel')}
      </button>
      <button
        type="button"
        className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
        onClick={() => void confirm()}
        disabled={busy}
      >
        {busy ? t('billing.sending') : confirmLabel}
      </button>
    </div>
  );
  return (
    <PopupFrame
      title={title}
      canClose={!busy}
      fullPage={false}
      className="billing-dialog"
      onDismiss={onClose}
      footer={footer}
    >
      <form
        className="billing-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        {children}
        {error && <Notice kind="error">{error}</Notice>}
      </form>
    </PopupFrame>
  );
}
