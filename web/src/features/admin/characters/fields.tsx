import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './characters.css';

/** Inputs app/ui.tsx has no twin for (a text area, a select, a labelled switch), with the same label / hint / error layout as Field. */

interface Described {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

function FieldFrame({ id, label, hint, error, children }: Described & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {(hint || error) && (
        <div id={`${id}-hint`} className="field__hint">
          {error ?? hint}
        </div>
      )}
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  ...input
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className="field__input field__input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={hint || error ? `${id}-hint` : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

export interface Choice {
  value: string;
  label: string;
}

type SelectProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { choices: Choice[]; emptyLabel?: string };

/** A select over the given choices; with emptyLabel, a first choice '' meaning "none". */
export function SelectField({ label, hint, error, choices, emptyLabel, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={hint || error ? `${id}-hint` : undefined}
        {...select}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function SwitchField({
  label,
  hint,
  checked,
  onChange,
  name,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="check admin-switch">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id} className="admin-switch__label">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="muted small admin-switch__hint">
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

/** A published / draft badge. */
export function StateBadge({ published, children }: { published: boolean; children: ReactNode }) {
  return <span className={`badge ${published ? 'badge--on' : 'badge--off'}`}>{children}</span>;
}
