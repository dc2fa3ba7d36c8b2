import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import { EDGE_KINDS } from './graphModel.ts';
import { CONNECT_KINDS, splitWords, type ConnectKind } from './transitionEdits.ts';

interface Props {
  sourceTitle: string;
  targetTitle: string;
  busy: boolean;
  error: string | null;
  onPick: (kind: ConnectKind, words: string[]) => void;
  onCancel: () => void;
}

/** Asks what a new edge is (a dialog over the canvas): a kind, and for a hit word its words. */
export function ConnectChooser({ sourceTitle, targetTitle, busy, error, onPick, onCancel }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const [kind, setKind] = useState<ConnectKind>('hit_word');
  const [words, setWords] = useState('');
  const needsWords = kind === 'hit_word' && splitWords(words).length === 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!needsWords) onPick(kind, kind === 'hit_word' ? splitWords(words) : []);
  };
  return (
    <div
      className="bg-chooser"
      role="dialog"
      aria-modal="true"
      aria-labelledby="bg-chooser-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <form className="bg-chooser__box" onSubmit={submit}>
        <h2 id="bg-chooser-title" className="bg-chooser__title">
          {t('blocks.connect.title', { from: sourceTitle, to: targetTitle })}
        </h2>
        <fieldset className="bg-chooser__kinds">
          <legend className="muted">{t('blocks.connect.kind')}</legend>
          {CONNECT_KINDS.map((k) => (
            <label key={k} className="bg-chooser__kind">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              <span className="bg-legend__swatch" style={{ background: EDGE_KINDS[k] }} />
              {t(`blocks.edge.${k}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'hit_word' && (
          <label className="field">
            <span className="field__label">{t('blocks.connect.words')}</span>
            <input
              className="field__input"
              autoFocus
              value={words}
              onChange={(e) => setWords(e.target.value)}
              placeholder={t('blocks.connect.wordsHint')}
            />
          </label>
        )}
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="bg-chooser__actions">
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            {t('blocks.connect.cancel')}
          </button>
          <button type="submit" className="btn btn--primary btn--small" disabled={busy || needsWords}>
            {t('blocks.connect.add')}
          </button>
        </div>
      </form>
    </div>
  );
}
