import { useDeferredValue, useId, useState } from 'react';
import { useAdminBase } from '../AdminBase.tsx';
import { useAdminTexts } from '../i18n.ts';
import { useAdminUserSearchQuery } from './usersAdminApi.ts';
import './users.css';

export const MIN_QUERY = 2;

/** One suggestion: the id the form needs, the name a person reads, and a second line (nickname, "deleted"). */
export interface PickerOption {
  id: string;
  label: string;
  detail?: string;
}

export interface UserPickerProps {
  label: string;
  hint?: string;
  /** What the form holds: the picked user's id, or the text as typed (an id pasted in still works). */
  value: string;
  onChange: (userIdOrText: string) => void;
  /** Suggestions for the text typed so far (called with at least MIN_QUERY characters, else with ''). */
  useOptions: (text: string) => PickerOption[];
}

/**
 * A user field that shows a person a name, not an id: typing part of an
 * address (or nickname) lists matching accounts; picking one puts its name in
 * the box and its id in the form, the id kept on hover.
 */
export function UserPicker({ label, hint, value, onChange, useOptions }: UserPickerProps) {
  const { t } = useAdminTexts('users.picker');
  const id = useId();
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [held, setHeld] = useState(value);
  // The form's value changed from outside (a reset, a link with ?user=): show it as it is.
  if (value !== held) {
    setHeld(value);
    if (value !== (picked?.id ?? text.trim())) {
      setPicked(null);
      setText(value);
      setOpen(false);
    }
  }
  const shown = picked ? picked.label : text;
  const typed = useDeferredValue(text.trim());
  const options = useOptions(open && !picked && typed.length >= MIN_QUERY ? typed : '');
  const choose = (option: PickerOption) => {
    setPicked(option);
    setText(option.label);
    setOpen(false);
    setHeld(option.id);
    onChange(option.id);
  };
  return (
    <div className="field user-picker">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        value={shown}
        autoComplete="off"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        title={picked?.id ?? undefined}
        onChange={(e) => {
          setPicked(null);
          setText(e.target.value);
          setOpen(true);
          setHeld(e.target.value.trim());
          onChange(e.target.value.trim());
        }}
      />
      {picked && (
        <div className="field__hint">
          {t('picked')}{' '}
          <code className="billing-id" title={picked.id}>
            {picked.id}
          </code>
        </div>
      )}
      {!picked && hint && <div className="field__hint">{hint}</div>}
      {options.length > 0 && (
        <ul id={`${id}-list`} className="user-picker__list" role="listbox" aria-label={label}>
          {options.map((option) => (
            <li
              key={option.id}
              role="option"
              aria-selected={false}
              title={option.id}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') choose(option);
              }}
            >
              <span>{option.label}</span>
              {option.detail && <span className="muted small"> {option.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Suggestions from identity's accounts (part of an address or a nickname). */
export function useAccountOptions(text: string): PickerOption[] {
  const { apiBase } = useAdminBase();
  const { data } = useAdminUserSearchQuery({ base: apiBase, q: text }, { skip: text.length < MIN_QUERY });
  if (text.length < MIN_QUERY) return [];
  return (data?.users ?? [])
    .slice(0, 8)
    .map((user) => ({ id: user.id, label: user.email, ...(user.nickname ? { detail: user.nickname } : {}) }));
}
