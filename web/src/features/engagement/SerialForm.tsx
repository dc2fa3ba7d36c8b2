import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Unlock } from '@talkwith/proto/engagement';
import { errorMessageOf } from '../../api/index.ts';
import { Field, Notice } from '../../app/ui.tsx';
import { useCheckSerialMutation } from './pagesApi.ts';
import { SERIAL_MAX, serialProblem, typedSerial } from './serialCode.ts';

/**
 * The serial code form of /serial and /coupon (POST /api/serial/check). The
 * server's Japanese message is shown for a wrong, used or expired code and for
 * too many attempts (429, SPEC.md §8).
 */
export function SerialForm() {
  const { t } = useTranslation('engagement');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const [check, { data, error, isLoading, reset }] = useCheckSerialMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = serialProblem(code);
    setProblem(found);
    if (found) return reset();
    void check({ serial_id: code.trim() })
      .unwrap()
      .then(
        () => setCode(''),
        () => undefined,
      );
  };

  return (
    <form className="serial-form" onSubmit={submit} noValidate>
      <Field
        label={t('engagement.serial.code')}
        value={code}
        maxLength={SERIAL_MAX}
        placeholder={t('engagement.serial.placeholder')}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="send"
        className="field__input serial-form__input"
        error={problem ? t(`engagement.serial.${problem}`) : null}
        hint={t('engagement.serial.hint')}
        onChange={(event) => setCode(typedSerial(event.target.value))}
      />
      {error && <Notice kind="error">{errorMessageOf(error, t('engagement.serial.failed'))}</Notice>}
      {data && <Unlocked unlock={data.unlock} />}
      <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
        {isLoading ? t('engagement.serial.checking') : t('engagement.serial.submit')}
      </button>
    </form>
  );
}

function Unlocked({ unlock }: { unlock: Unlock }) {
  const { t } = useTranslation('engagement');
  return (
    <div className="notice notice--success serial-unlocked" role="status">
      <p className="serial-unlocked__title">{t('engagement.serial.done')}</p>
      <p>{t('engagement.serial.unlockedCharacter', { character: unlock.character_name ?? unlock.character_id })}</p>
      {unlock.tickets > 0 && <p>{t('engagement.serial.unlockedTickets', { count: unlock.tickets })}</p>}
      <Link className="btn btn--primary btn--small" to="/full/select_chat">
        {t('engagement.serial.play')}
      </Link>
    </div>
  );
}
