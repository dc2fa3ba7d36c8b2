import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@talkwith/proto/i18n';
import type { Translations } from '@talkwith/proto/identity';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminTranslateMutation } from '../videos/videosApi.ts';
import './translations.css';

interface Props {
  /** What the texts are (「名前」, 「ボタンの表示名」): the fieldset's legend and the inputs' labels. */
  label: string;
  /** The Japanese text, the source of every draft. */
  japanese: string;
  value: Translations | undefined;
  onChange: (value: Translations) => void;
  maxLength: number;
  multiline?: boolean;
  disabled?: boolean;
}

type Note = { language: TranslatedLanguage; kind: 'unavailable' | 'failed' } | null;

/**
 * One operator text in en-US, fil-PH and zh-TW beside its Japanese. Each
 * language can be drafted from the Japanese through POST /api/admin/translate
 * (nothing is saved until the form is); a language left empty shows the
 * Japanese to users of that language.
 */
export function TranslationsField({
  label,
  japanese,
  value = {},
  onChange,
  maxLength,
  multiline = false,
  disabled = false,
}: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [translate] = useAdminTranslateMutation();
  const [busy, setBusy] = useState<TranslatedLanguage | null>(null);
  const [note, setNote] = useState<Note>(null);
  const set = (language: TranslatedLanguage, text: string) => onChange({ ...value, [language]: text });

  const draft = async (language: TranslatedLanguage) => {
    setBusy(language);
    setNote(null);
    const reply = await translate({ base: apiBase, text: japanese.trim(), target: language });
    setBusy(null);
    if (reply.error || !reply.data) return setNote({ language, kind: 'failed' });
    if (!reply.data.available) return setNote({ language, kind: 'unavailable' });
    set(language, reply.data.text.slice(0, maxLength));
  };

  return (
    <fieldset className="translations" disabled={disabled}>
      <legend className="small">{t('translations.legend', { label })}</legend>
      {TRANSLATED_LANGUAGES.map((language) => {
        const inputLabel = t('translations.input', { label, language });
        const common = {
          className: 'field__input',
          'aria-label': inputLabel,
          maxLength,
          value: value[language] ?? '',
          placeholder: japanese,
        };
        return (
          <div key={language} className="translations__row">
            <span className="translations__language mono small" aria-hidden="true">
              {language}
            </span>
            {multiline ? (
              <textarea {...common} rows={3} onChange={(e) => set(language, e.target.value)} />
            ) : (
              <input {...common} onChange={(e) => set(language, e.target.value)} />
            )}
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={!japanese.trim() || busy !== null}
              aria-label={t('translations.draftFor', { label, language })}
              onClick={() => void draft(language)}
            >
              {busy === language ? t('translations.drafting') : t('translations.draft')}
            </button>
          </div>
        );
      })}
      {note && (
        <p className="small muted" role="status">
          {t(`translations.${note.kind}`, { language: note.language })}
        </p>
      )}
      <p className="small muted">{t('translations.fallback')}</p>
    </fieldset>
  );
}
