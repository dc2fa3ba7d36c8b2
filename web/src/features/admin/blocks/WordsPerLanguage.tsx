import { useTranslation } from 'react-i18next';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@talkwith/proto/i18n';
import type { HitWord } from '@talkwith/proto/dialogue';
import { ADMIN_NS } from '../i18n.ts';
import { WordsInput } from './WordsInput.tsx';

type WordsI18n = NonNullable<HitWord['words_i18n']>;

interface Props {
  /** The route's Japanese words (shown as what a language left empty matches). */
  japanese: string[];
  value: WordsI18n | undefined;
  onChange: (value: WordsI18n | undefined) => void;
}

/**
 * A hit word's words in the other talk languages, beside its Japanese ones
 * (as TranslationsField does for texts): a talk held in en-US (English
 * subtitles) is matched against its en-US words; a language left empty
 * matches the Japanese words. Empty languages are dropped from the value.
 */
export function WordsPerLanguage({ japanese, value = {}, onChange }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const set = (language: TranslatedLanguage, words: string[]) => {
    const next: WordsI18n = { ...value, [language]: words };
    if (words.length === 0) delete next[language];
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  return (
    <fieldset className="translations">
      <legend className="small">{t('blocks.hitWords.languages')}</legend>
      {TRANSLATED_LANGUAGES.map((language) => (
        <div key={language} className="translations__row">
          <span className="translations__language mono small" aria-hidden="true">
            {language}
          </span>
          <WordsInput
            words={value[language] ?? []}
            label={t('blocks.hitWords.wordsIn', { language })}
            hint={japanese.join('、')}
            onChange={(words) => set(language, words)}
          />
        </div>
      ))}
      <p className="small muted">{t('blocks.hitWords.languagesFallback')}</p>
    </fieldset>
  );
}
