import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';

interface Props {
  label: string;
  /** The stored key as the server shows it (masked, e.g. ***xyz); '' when none is stored. */
  masked: string;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  clearing: boolean;
  error?: string;
}

/**
 * A write-only credential: the stored key is only ever shown masked; typing
 * replaces it, an empty input keeps it, 「削除」 clears it on the server.
 */
export function CredentialField({ label, masked, value, onChange, onClear, clearing, error }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="credential">
        <input
          id={id}
          className="field__input"
          type="password"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={masked || t('characters.setting.noKey')}
          aria-describedby={`${id}-hint`}
        />
        {masked && (
          <button type="button" className="btn btn--ghost btn--small" disabled={clearing} onClick={onClear}>
            {t('characters.setting.clearKey')}
          </button>
        )}
      </div>
      <div id={`${id}-hint`} className="field__hint">
        {error ?? (masked ? t('characters.setting.keyStored', { masked }) : t('characters.setting.keyHint'))}
      </div>
    </div>
  );
}
