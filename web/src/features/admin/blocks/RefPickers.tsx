import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import type { RefKind } from './blockFields.ts';

/**
 * Inputs for ids: they only offer what exists in the character (blocks,
 * videos, slots), so an edit cannot leave a reference dangling. A value that
 * no longer exists is still shown, marked, so the operator can remove it.
 */
export interface RefOption {
  id: string;
  label: string;
}
export type RefOptions = Record<RefKind, RefOption[]>;

interface SingleProps {
  id?: string;
  value: string | null;
  options: RefOption[];
  disabled: boolean;
  onChange: (value: string | null) => void;
  label?: string;
}

export function RefSelect({ id, value, options, disabled, onChange, label }: SingleProps) {
  const { t } = useTranslation(ADMIN_NS);
  const missing = value !== null && !options.some((o) => o.id === value);
  return (
    <select
      id={id}
      className="field__input"
      value={value ?? ''}
      disabled={disabled}
      aria-label={label}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
    >
      <option value="">{t('blocks.panel.none')}</option>
      {missing && <option value={value}>{t('blocks.panel.missing', { id: value })}</option>}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

interface ListProps {
  id?: string;
  value: string[];
  options: RefOption[];
  disabled: boolean;
  onChange: (value: string[]) => void;
}

export function RefChips({ id, value, options, disabled, onChange }: ListProps) {
  const { t } = useTranslation(ADMIN_NS);
  const listId = useId();
  const labelOf = (v: string) => options.find((o) => o.id === v)?.label ?? t('blocks.panel.missing', { id: v });
  const remaining = options.filter((o) => !value.includes(o.id));
  return (
    <div className="bg-chips">
      <ul className="bg-chips__list" id={listId}>
        {value.map((v, i) => (
          <li key={`${v}-${i}`} className={options.some((o) => o.id === v) ? 'bg-chip' : 'bg-chip bg-chip--missing'}>
            <span>{labelOf(v)}</span>
            {!disabled && (
              <button
                type="button"
                className="bg-chip__remove"
                aria-label={t('blocks.panel.remove', { name: labelOf(v) })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {!disabled && (
        <select
          id={id}
          className="field__input bg-chips__add"
          value=""
          aria-describedby={listId}
          onChange={(e) => {
            if (e.target.value) onChange([...value, e.target.value]);
          }}
        >
          <option value="">{t('blocks.panel.add')}</option>
          {remaining.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
