import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { stepsOfSession, type ObservedStep } from './fromSession.ts';
import { useAdminAddTestMutation } from './testsApi.ts';
import './tests.css';

interface Props {
  characterId: string;
  /** What the simulator observed since the talk began (read at the click). */
  observed: () => readonly ObservedStep[];
}

/** 「この会話をテストとして保存」: the simulator's session so far becomes a test of the character. */
export function SaveSessionAsTest({ characterId, observed }: Props) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const [name, setName] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [addTest, adding] = useAdminAddTestMutation();
  const save = async () => {
    const steps = stepsOfSession(observed());
    if (steps.length === 0) {
      setOutcome({ kind: 'error', text: t('tests.nothingToSave') });
      return;
    }
    const chosen = name.trim() || t('tests.saveNameDefault', { at: new Date().toLocaleString(i18n.language) });
    const answer = await addTest({ base: apiBase, id: characterId, body: { name: chosen.slice(0, 100), steps } });
    if ('error' in answer) setOutcome({ kind: 'error', text: refusalOf(answer.error, t('tests.saveFailed')) });
    else {
      setName('');
      setOutcome({ kind: 'success', text: t('tests.saved', { name: answer.data.test.name, count: steps.length }) });
    }
  };
  return (
    <form
      className="ct-save"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span className="field__label">{t('tests.saveName')}</span>
        <input className="field__input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--primary" disabled={adding.isLoading}>
        {t('tests.saveFromSession')}
      </button>
      {outcome && (
        <Notice kind={outcome.kind}>
          {outcome.text}
          {outcome.kind === 'success' && (
            <>
              {' '}
              <Link to={`${basePath}/characters/${encodeURIComponent(characterId)}/tests`}>{t('tests.title')}</Link>
            </>
          )}
        </Notice>
      )}
    </form>
  );
}
