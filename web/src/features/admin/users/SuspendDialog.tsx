import { useState } from 'react';
import { Field } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog } from '../billing/ConfirmDialog.tsx';
import { useAdminTexts } from '../i18n.ts';
import { useAdminSuspendUserMutation, useAdminUnsuspendUserMutation } from '../operators/operatorsApi.ts';
import type { DialogProps } from './UserDialogs.tsx';

const REASON_MAX = 500;

/** Suspending ends every session of the user at once and refuses their log-ins until lifted (identity suspension.ts). */
export function SuspendDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useAdminTexts('users');
  const { apiBase } = useAdminBase();
  const [suspend] = useAdminSuspendUserMutation();
  const [unsuspend] = useAdminUnsuspendUserMutation();
  const [reason, setReason] = useState('');
  if (user.suspended_at) {
    return (
      <ConfirmDialog
        title={t('suspend.liftTitle')}
        confirmLabel={t('suspend.lift')}
        onClose={onClose}
        check={() => null}
        onConfirm={async () => {
          await unsuspend({ base: apiBase, userId: user.id }).unwrap();
          onDone(t('suspend.lifted', { email: user.email }));
        }}
      >
        <p>{t('suspend.liftLead', { email: user.email })}</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title={t('suspend.title')}
      confirmLabel={t('suspend.confirm')}
      danger
      onClose={onClose}
      check={() => (reason.length > REASON_MAX ? t('suspend.reasonTooLong', { max: REASON_MAX }) : null)}
      onConfirm={async () => {
        await suspend({ base: apiBase, userId: user.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }).unwrap();
        onDone(t('suspend.done', { email: user.email }));
      }}
    >
      <p>{t('suspend.lead', { email: user.email })}</p>
      <Field
        label={t('suspend.reason')}
        value={reason}
        maxLength={REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        hint={t('suspend.reasonHint')}
      />
    </ConfirmDialog>
  );
}
