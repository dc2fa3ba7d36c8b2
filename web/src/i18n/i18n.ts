import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import jaJP from './locales/ja-JP.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';

export type Dictionary = Record<string, unknown>;
export type DictionaryLoader = (language: Language) => Promise<Dictionary>;

// ja-JP ships in the main bundle; the other locales are separate chunks loaded on demand.
// These are the shell's and the chat route's texts; every other page brings its own (parts.ts).
const bundledLoaders: Record<Exclude<Language, 'ja-JP'>, () => Promise<{ default: Dictionary }>> = {
  'en-US': () => import('./locales/en-US.json'),
  'fil-PH': () => import('./locales/fil-PH.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};

export const loadBundledDictionary: DictionaryLoader = async (language) => {
  if (language === 'ja-JP') return jaJP;
  return (await bundledLoaders[language]()).default;
};

/**
 * The languages whose entry dictionary each instance has. Not hasResourceBundle:
 * a page's dictionary part (parts.ts) adds every language's bundle before that
 * language's entry dictionary was ever loaded.
 */
const loadedDictionaries = new WeakMap<I18n, Set<Language>>();

/**
 * Creates the i18next instance. A missing key shows the key itself (no
 * fallback language), and a dictionary that fails to load is replaced by an
 * empty one (SPEC.md §8), so the page still renders, showing keys.
 */
export async function createI18n(language: Language, load: DictionaryLoader = loadBundledDictionary): Promise<I18n> {
  const instance = i18next.createInstance();
  const resources: Resource = { [DEFAULT_LANGUAGE]: { translation: jaJP } };
  await instance.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    returnNull: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    initAsync: false,
  });
  loadedDictionaries.set(instance, new Set([DEFAULT_LANGUAGE]));
  await switchLanguage(instance, language, load);
  return instance;
}

export async function switchLanguage(
  instance: I18n,
  language: Language,
  load: DictionaryLoader = loadBundledDictionary,
): Promise<void> {
  const loaded = loadedDictionaries.get(instance) ?? new Set<Language>();
  loadedDictionaries.set(instance, loaded);
  if (!loaded.has(language)) {
    const dictionary = await load(language).catch((err: unknown) => {
      console.warn(`translations for ${language} could not be loaded`, err);
      return {};
    });
    instance.addResourceBundle(language, 'translation', dictionary, true, true);
    loaded.add(language);
  }
  await instance.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
