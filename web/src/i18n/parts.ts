import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Dictionary } from './i18n.ts';
import { LANGUAGES, type Language } from './languages.ts';

/**
 * A lazily loaded feature's texts, in every interface language. The entry's
 * dictionaries (locales/) hold only what the shell and the chat route show; each
 * other page carries its own texts in its chunk (`features/<name>/locales/`) and
 * merges them into the default namespace when it renders, so the chat route does
 * not download every page's texts. All four languages come at once: switching
 * language later needs no fetch for them, and a text never shows as its key.
 */
export type DictionaryPart = Readonly<Record<Language, Dictionary>>;

export function dictionaryPart(
  jaJP: Dictionary,
  enUS: Dictionary,
  filPH: Dictionary,
  zhTW: Dictionary,
): DictionaryPart {
  return { 'ja-JP': jaJP, 'en-US': enUS, 'fil-PH': filPH, 'zh-TW': zhTW };
}

const mergedParts = new WeakMap<I18n, WeakSet<DictionaryPart>>();

/**
 * Deep-merges a part into every language of the default namespace, once per
 * instance. A deep merge because a top-level key (`billing`) may be split
 * between the entry (the ticket step of the chat route) and a page's part.
 */
export function addDictionaryPart(instance: I18n, part: DictionaryPart): void {
  const merged = mergedParts.get(instance) ?? new WeakSet<DictionaryPart>();
  mergedParts.set(instance, merged);
  if (merged.has(part)) return;
  for (const language of LANGUAGES) instance.addResourceBundle(language, 'translation', part[language], true, true);
  merged.add(part);
}

/**
 * Called first thing in a page (or a piece shown outside its feature's pages):
 * merges the part during that render, before any of its texts is looked up.
 * Idempotent, so StrictMode's double render and every later render cost a lookup.
 */
export function useDictionaryPart(part: DictionaryPart): void {
  const { i18n } = useTranslation();
  addDictionaryPart(i18n, part);
}
