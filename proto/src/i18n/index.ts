import type { Translations } from '../identity/localized.ts';

/**
 * The interface languages and the one resolver of operator content, in plain
 * TypeScript: the web's chat route imports this without TypeBox or any schema
 * (the schemas of translated fields are in identity/localized.ts).
 */

/** The interface languages the web bundles (SPEC.md §9); ja-JP is the product's first and the default. */
export const INTERFACE_LANGUAGES = ['ja-JP', 'en-US', 'fil-PH', 'zh-TW'] as const;
export const DEFAULT_INTERFACE_LANGUAGE = 'ja-JP';

/** One of the interface languages. */
export type InterfaceLanguageTag = (typeof INTERFACE_LANGUAGES)[number];

/**
 * The cookie the web client writes whenever the interface language is chosen or
 * set at start (web/src/i18n/languages.ts): the gateway serves the top page's
 * prerendered markup in it (gateway/src/home-page.ts), so the first paint is in
 * the language the script will show.
 */
export const LANGUAGE_COOKIE = 'talkwith-lang';

/**
 * The browser's language tags, in its order of preference, matched to an
 * interface language: the exact tag, else its language part (en-GB → en-US,
 * fil → fil-PH, tl-PH → fil-PH: Tagalog is what Filipino is based on; zh-Hant,
 * zh-HK and zh-CN → zh-TW, the one Chinese we have, which a simplified-script
 * reader reads better than Japanese). The one matcher: the web client reads
 * navigator.languages with it, the gateway the Accept-Language header.
 */
export function matchBrowserLanguage(tags: readonly string[]): InterfaceLanguageTag | undefined {
  for (const tag of tags) {
    const found = matchTag(tag);
    if (found) return found;
  }
  return undefined;
}

function matchTag(tag: string): InterfaceLanguageTag | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = INTERFACE_LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  if (primary === 'tl') return 'fil-PH';
  return INTERFACE_LANGUAGES.find((language) => language.split('-')[0]?.toLowerCase() === primary);
}

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
