import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../characters/fields.tsx';
import { ADMIN_NS } from '../i18n.ts';

/** Reasons are kept in the audit log; the server caps them like its other short texts. */
export const REASON_MAX = 500;

export function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <TextAreaField
      label={t('billing.reason')}
      hint={t('billing.reasonHint')}
      rows={2}
      maxLength={REASON_MAX}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The refusal of an empty reason (the reason is required by every operator action), or null. */
export const reasonRefusal = (reason: string, message: string) => (reason.trim() ? null : message);
