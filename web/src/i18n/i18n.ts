import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import jaJP from './locales/ja-JP.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';

export type Dictionary = Record<string, unknown>;
export type DictionaryLoader = (language: Language) => Promise<Dictionary>;

// ja-JP ships in the main bundle; the other locales are separate chunks loaded on demand.
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
  await switchLanguage(instance, language, load);
  return instance;
}

export async function switchLanguage(instance: I18n, language: Language, load: DictionaryLoader = loadBundledDictionary): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    const dictionary = await load(language).catch((err: unknown) => {
      console.warn(`translations for ${language} could not be loaded`, err);
      return {};
    });
    instance.addResourceBundle(language, 'translation', dictionary, true, true);
  }
  await instance.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
