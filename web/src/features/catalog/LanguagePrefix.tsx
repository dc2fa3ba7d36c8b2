import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { languageChanged } from '../../app/shell.ts';
import { switchLanguage } from '../../i18n/i18n.ts';
import { isLanguage, storeLanguage } from '../../i18n/languages.ts';

/**
 * /{language}/full/main_menu (SPEC.md §2: the landing is prefixed by a
 * language code): a bundled interface language in the path becomes the
 * interface language (remembered like a choice in the switcher); any other
 * first segment is not a page.
 */
export function LanguagePrefix({ children }: { children: ReactNode }) {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const valid = isLanguage(lang);
  useEffect(() => {
    if (!isLanguage(lang) || i18n.language === lang) return;
    void switchLanguage(i18n, lang).then(() => {
      storeLanguage(lang);
      dispatch(languageChanged(lang));
    });
  }, [lang, i18n, dispatch]);
  return valid ? children : <NotFoundPage />;
}
