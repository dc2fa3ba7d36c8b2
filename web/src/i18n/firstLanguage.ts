import { matchBrowserLanguage } from '@talkwith/proto/i18n';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from './languages.ts';

/**
 * The interface language at start: the visitor's saved choice, else (first
 * visit) the first of the browser's languages we have (the matcher the gateway
 * applies to Accept-Language for the top page's first paint), else ja-JP (SPEC.md §9).
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
