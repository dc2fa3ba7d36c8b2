import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, isLanguage, type Language } from './languages.ts';

/**
 * The browser's language tags matched to an interface language: the exact tag,
 * else its language part (en-GB → en-US, fil → fil-PH, tl-PH → fil-PH: Tagalog
 * is what Filipino is based on; zh-Hant, zh-HK and zh-CN → zh-TW, the one
 * Chinese we have, which a simplified-script reader reads better than Japanese).
 */
export function matchBrowserLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const found = matchTag(tag);
    if (found) return found;
  }
  return undefined;
}

function matchTag(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  if (primary === 'tl') return 'fil-PH';
  return LANGUAGES.find((language) => language.split('-')[0]?.toLowerCase() === primary);
}

/**
 * The interface language at start: the visitor's saved choice, else (first
 * visit) the first of the browser's languages we have, else ja-JP (SPEC.md §9).
 */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  browserLanguages: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  try {
    const saved = storage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage can be disabled (private mode, sandboxed frames): as a first visit
  }
  return matchBrowserLanguage(browserLanguages) ?? DEFAULT_LANGUAGE;
}
