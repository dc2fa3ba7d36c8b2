import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import type { Choice } from './fields.tsx';

/** An ordered list of ids (blocks, clips, slots) as removable chips plus a select to add one more. */
export function IdListPicker({
  label,
  value,
  choices,
  onChange,
  hideLabel = false,
}: {
  label: string;
  value: string[];
  choices: Choice[];
  onChange: (next: string[]) => void;
  hideLabel?: boolean;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const id = useId();
  const labelOf = (item: string) => choices.find((choice) => choice.value === item)?.label ?? item;
  const remaining = choices.filter((choice) => !value.includes(choice.value));
  return (
    <div className="field id-list">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <ul className="chips" aria-label={label}>
        {value.map((item) => (
          <li key={item} className={`chip${choices.some((c) => c.value === item) ? '' : ' chip--unknown'}`}>
            {labelOf(item)}
            <button
              type="button"
              className="chip__remove"
              aria-label={t('characters.lists.removeItem', { item: labelOf(item) })}
              onClick={() => onChange(value.filter((v) => v !== item))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <select
        id={id}
        className="field__input id-list__add"
        value=""
        onChange={(e) => {
          if (e.target.value) onChange([...value, e.target.value]);
        }}
      >
        <option value="">{t('characters.lists.addItem')}</option>
        {remaining.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
