import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminCancelPurchaseMutation, useAdminRefundPurchaseMutation } from './billingAdminApi.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { PurchaseView } from '@talkwith/proto/billing';
import { positiveInteger, refundableOf, yen } from './format.ts';
import { useIntentKey } from './intent.ts';
import { ReasonField, reasonRefusal } from './ReasonField.tsx';

type Props = { purchase: PurchaseView; onClose: () => void };

/** Full cancel (`purchases/purchase/cancel`): refunds what is left and takes back the grants. */
export function CancelDialog({ purchase, onClose }: Props) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [cancel] = useAdminCancelPurchaseMutation();
  const intent = useIntentKey();
  const [reason, setReason] = useState('');
  const request = { purchase_id: purchase.purchase_id, reason: reason.trim() };
  return (
    <ConfirmDialog
      title={t('billing.detail.cancelTitle')}
      confirmLabel={t('billing.detail.cancelConfirm')}
      danger
      onClose={onClose}
      check={() => reasonRefusal(reason, t('billing.reasonRequired'))}
      onConfirm={async () => {
        await cancel({ base: apiBase, ...request, idempotencyKey: intent.keyFor(request) }).unwrap();
        intent.done();
      }}
    >
      <p>
        {t('billing.detail.cancelMessage', { name: purchase.name, amount: yen(refundableOf(purchase), i18n.language) })}
      </p>
      <ReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

/** Partial refund (`purchases/{id}/cancel_decrement`) of at most what is still refundable. */
export function RefundDialog({ purchase, onClose }: Props) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [refund] = useAdminRefundPurchaseMutation();
  const intent = useIntentKey();
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const refundable = refundableOf(purchase);
  const amount = positiveInteger(amountText);
  const check = () => {
    if (amount === null) return t('billing.detail.amountInvalid');
    if (amount > refundable) return t('billing.detail.amountTooLarge', { max: yen(refundable, i18n.language) });
    return reasonRefusal(reason, t('billing.reasonRequired'));
  };
  const send = async () => {
    const request = { purchaseId: purchase.purchase_id, amount: amount ?? 0, reason: reason.trim() };
    await refund({ base: apiBase, ...request, idempotencyKey: intent.keyFor(request) }).unwrap();
    intent.done();
  };
  return (
    <ConfirmDialog
      title={t('billing.detail.refundTitle')}
      confirmLabel={t('billing.detail.refundConfirm')}
      danger
      onClose={onClose}
      check={check}
      onConfirm={send}
    >
      <p>{t('billing.detail.refundMessage', { name: purchase.name, max: yen(refundable, i18n.language) })}</p>
      <Field
        label={t('billing.detail.refundAmount')}
        inputMode="numeric"
        value={amountText}
        onChange={(e) => setAmountText(e.target.value)}
        hint={amount ? t('billing.detail.refundPreview', { amount: yen(amount, i18n.language) }) : undefined}
      />
      <ReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
