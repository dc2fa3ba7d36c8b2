import { useTranslation } from 'react-i18next';
import { Field } from '../../app/ui.tsx';
import { passwordProblems } from './passwordRule.ts';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  showRule?: boolean;
  autoComplete: 'new-password' | 'current-password';
  name: string;
}

/** A password input that states the rule of SPEC.md §5 and which parts are still broken. */
export function PasswordInput({ label, value, onChange, showRule = true, autoComplete, name }: Props) {
  const { t } = useTranslation('auth');
  const problems = showRule && value.length > 0 ? passwordProblems(value) : [];
  const hint = showRule ? (
    <>
      <span>{t('password.rule')}</span>
      {problems.length > 0 && (
        <ul className="rule-list">
          {problems.map((problem) => (
            <li key={problem}>{t(`password.problem.${problem}`)}</li>
          ))}
        </ul>
      )}
    </>
  ) : undefined;
  return (
    <Field
      label={label}
      type="password"
      name={name}
      value={value}
      autoComplete={autoComplete}
      maxLength={64}
      required
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
      error={null}
    />
  );
}
