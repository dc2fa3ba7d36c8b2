import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '@talkwith/proto/i18n';
import type { Translations } from '@talkwith/proto/identity';

/**
 * Operator content (product, plan and character names, button labels) in the
 * interface language: the servers answer every language at once (cacheable
 * alike for everyone), and the page picks i18next's with proto's `localized`,
 * the Japanese where an operator left a language empty.
 */
export function useLocalized(): (japanese: string, translations: Translations | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((japanese, translations) => localized(japanese, translations, language), [language]);
}
