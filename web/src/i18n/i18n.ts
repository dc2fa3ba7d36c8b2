import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { ENTRY_LANGUAGE, entryCommon, otherCommons } from './entryCommon.ts';
import { LANGUAGES, type Language } from './languages.ts';

export type Dictionary = Record<string, unknown>;
/** Fetches one namespace of one language: the backend's read (app/namespaces.ts knows the features' files). */
export type NamespaceLoader = (language: Language, namespace: string) => Promise<Dictionary>;

/** The shell's and the chat route's texts; every other namespace falls back to it. */
export const DEFAULT_NS = 'common';

/** The common namespace of a language: the build's own from the entry, the others each a chunk of their own. */
export async function loadCommon(language: Language): Promise<Dictionary> {
  const load = otherCommons[language]; // none for the entry's own (ENTRY_LANGUAGE)
  return load ? (await load()).default : entryCommon;
}

/**
 * Creates the i18next instance with one namespace per feature, loaded through
 * i18next-resources-to-backend. `common` (the shell and the chat route) is
 * there before the first render: the build's language's from the entry, another
 * language's (a start in a language other than the page's build) loaded first;
 * a feature's namespace when a component asks for it (useTranslation('auth')),
 * the component suspending meanwhile (the routes' Suspense shows its spinner),
 * so a text never shows as its key. Each
 * namespace falls back to `common` for the shared texts. A missing key shows
 * the key itself (no fallback language), and a namespace that fails to load
 * stays empty (SPEC.md §8), so the page still renders, showing keys.
 */
export async function createI18n(language: Language, load: NamespaceLoader): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('failedLoading', (lng: string, ns: string, message: string) =>
    console.warn(`translations for ${lng} (${ns}) could not be loaded`, message),
  );
  await instance
    .use(resourcesToBackend((lng: Language, ns: string) => load(lng, ns)))
    .use(initReactI18next)
    .init({
      resources: { [ENTRY_LANGUAGE]: { [DEFAULT_NS]: entryCommon } },
      partialBundledLanguages: true,
      lng: language,
      ns: [DEFAULT_NS],
      defaultNS: DEFAULT_NS,
      fallbackNS: DEFAULT_NS,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      returnNull: false,
      interpolation: { escapeValue: false }, // React escapes
    });
  setDocumentLanguage(language);
  return instance;
}

/** Changes the language once every namespace in use is loaded in it (i18next's changeLanguage loads them first). */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await instance.changeLanguage(language);
  setDocumentLanguage(language);
}

function setDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
