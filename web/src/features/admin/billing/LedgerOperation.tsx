import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Notice } from '../../../app/ui.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { positiveInteger } from './format.ts';
import { useIntentKey } from './intent.ts';
import { ReasonField, reasonRefusal } from './ReasonField.tsx';

export interface LedgerMove {
  count: number;
  reason: string;
}

interface Props {
  /** Texts of this operation: `billing.<texts>.{title,count,submit,confirm,message,done}`. */
  texts: 'giveTickets' | 'removeTickets';
  danger?: boolean;
  send: (move: LedgerMove, idempotencyKey: string) => Promise<unknown>;
}

/** A count and a reason, then a confirmation that sends one request per intent (give or remove tickets). */
export function LedgerOperation({ texts, danger = false, send }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const intent = useIntentKey();
  const [countText, setCountText] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<LedgerMove | null>(null);
  const review = (event: FormEvent) => {
    event.preventDefault();
    const count = positiveInteger(countText);
    const refused =
      count === null ? t('billing.points.pointsInvalid') : reasonRefusal(reason, t('billing.reasonRequired'));
    setRefusal(refused);
    setDone(null);
    if (!refused && count !== null) setConfirming({ count, reason: reason.trim() });
  };
  const confirm = async (move: LedgerMove) => {
    await send(move, intent.keyFor(move));
    intent.done();
    setDone(t(`billing.${texts}.done`, { n: move.count }));
    setCountText('');
    setReason('');
  };
  return (
    <form className="billing-form billing-operation" onSubmit={review} noValidate>
      <h3 className="billing-subtitle">{t(`billing.${texts}.title`)}</h3>
      <Field
        label={t(`billing.${texts}.count`)}
        inputMode="numeric"
        value={countText}
        onChange={(e) => setCountText(e.target.value)}
      />
      <ReasonField value={reason} onChange={setReason} />
      {refusal && <Notice kind="error">{refusal}</Notice>}
      {done && <Notice kind="success">{done}</Notice>}
      <div className="form-actions">
        <button type="submit" className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}>
          {t(`billing.${texts}.submit`)}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t(`billing.${texts}.title`)}
          confirmLabel={t(`billing.${texts}.confirm`)}
          danger={danger}
          check={() => null}
          onConfirm={() => confirm(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p>{t(`billing.${texts}.message`, { n: confirming.count })}</p>
          <p className="muted small">
            {t('billing.reason')}：{confirming.reason}
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}
