import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';

interface Props {
  word: string;
  synonyms: string[];
  /** The dictionary's proposals not accepted yet (empty: none loaded). */
  proposed: string[];
  disabled: boolean;
  onChange: (synonyms: string[]) => void;
}

/** One hit word with its synonyms (removable chips), a field to add one, and the dictionary's proposals to accept. */
export function SynonymRow({ word, synonyms, proposed, disabled, onChange }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const [text, setText] = useState('');
  const add = (words: string[]) => onChange([...synonyms, ...words.filter((w) => !synonyms.includes(w))]);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = text
      .split(/[、,，]/u)
      .map((w) => w.trim())
      .filter((w) => w !== '');
    if (typed.length === 0) return;
    add(typed);
    setText('');
  }
  return (
    <fieldset className="bg-row" disabled={disabled} aria-label={t('blocks.synonyms.of', { word })}>
      <legend className="small">
        <strong>{word}</strong>
      </legend>
      {synonyms.length === 0 && <p className="small muted">{t('blocks.synonyms.none')}</p>}
      <ul className="bg-chips__list">
        {synonyms.map((s) => (
          <li key={s} className="bg-chip">
            <span>{s}</span>
            <button
              type="button"
              className="bg-chip__remove"
              aria-label={t('blocks.synonyms.remove', { word: s })}
              onClick={() => onChange(synonyms.filter((x) => x !== s))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="bg-synonyms__add" onSubmit={onSubmit}>
        <input
          className="field__input"
          aria-label={t('blocks.synonyms.input', { word })}
          placeholder={t('blocks.synonyms.inputHint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn--ghost btn--small">
          {t('blocks.synonyms.add')}
        </button>
      </form>
      {proposed.length > 0 && (
        <div className="bg-synonyms__proposed">
          <span className="small muted">{t('blocks.synonyms.proposed')}</span>
          <ul className="bg-chips__list">
            {proposed.map((s) => (
              <li key={s} className="bg-chip bg-chip--proposed">
                <button
                  type="button"
                  className="bg-chip__accept"
                  aria-label={t('blocks.synonyms.accept', { word: s })}
                  onClick={() => add([s])}
                >
                  ＋ {s}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => add(proposed)}>
            {t('blocks.synonyms.acceptAll')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
