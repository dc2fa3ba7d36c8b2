import type { Translations } from '../identity/localized.ts';

/**
 * The interface languages and the one resolver of operator content, in plain
 * TypeScript: the web's chat route imports this without TypeBox or any schema
 * (the schemas of translated fields are in identity/localized.ts).
 */

/** The interface languages the web bundles (SPEC.md §9); ja-JP is the product's first and the default. */
export const INTERFACE_LANGUAGES = ['ja-JP', 'en-US', 'fil-PH', 'zh-TW'] as const;
export const DEFAULT_INTERFACE_LANGUAGE = 'ja-JP';

/** The languages an operator's Japanese text is translated into. */
export const TRANSLATED_LANGUAGES = ['en-US', 'fil-PH', 'zh-TW'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/**
 * The text to show in `language`: its translation when an operator wrote one,
 * else the Japanese. Every view that shows operator content calls this one
 * function (the web with i18next's language).
 */
export function localized(japanese: string, translations: Translations | undefined, language: string): string {
  if (language === DEFAULT_INTERFACE_LANGUAGE || !translations) return japanese;
  const translated = (translations as Record<string, string | undefined>)[language];
  return translated && translated.trim() !== '' ? translated : japanese;
}

/** Trimmed, with an empty language left out (so it shows the Japanese): what a server stores of an operator's translations. */
export function trimmedTranslations(input: Translations): Translations {
  const out: Translations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const text = input[language]?.trim();
    if (text) out[language] = text;
  }
  return out;
}
