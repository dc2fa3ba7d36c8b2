import { useTranslation } from 'react-i18next';
import { selectSession, useChangeLanguageMutation } from '../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { switchLanguage } from '../../i18n/i18n.ts';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, storeLanguage } from '../../i18n/languages.ts';
import { languageChanged, selectLanguage } from './languageSlice.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLanguage);
  const { status } = useAppSelector(selectSession);
  const [saveLanguage] = useChangeLanguageMutation();

  const change = async (value: string) => {
    if (!isLanguage(value)) return;
    await switchLanguage(i18n, value);
    storeLanguage(value);
    dispatch(languageChanged(value));
    // Signed in: identity keeps it for the account (billing's mails follow it). A failure leaves the interface switched.
    if (status === 'authenticated') void saveLanguage({ language: value });
  };

  return (
    <label className="lang-switch">
      <span className="visually-hidden">{t('language.label')}</span>
      <select value={current} aria-label={t('language.label')} onChange={(event) => void change(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
