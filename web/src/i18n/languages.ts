import { INTERFACE_LANGUAGES, LANGUAGE_COOKIE } from '@talkwith/proto/i18n';

/** The bundled interface languages (SPEC.md §9: ja-JP is the default). */
export const LANGUAGES = INTERFACE_LANGUAGES;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja-JP';
export const LANGUAGE_STORAGE_KEY = 'talkwith-language';

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'ja-JP': '日本語',
  'en-US': 'English',
  'fil-PH': 'Filipino',
  'zh-TW': '繁體中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Language {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // storage can be disabled (private mode, sandboxed frames)
  }
}

/** The visitor's choice: kept in storage for the client and in the cookie for the gateway's first paint. */
export function storeLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
  doc: Pick<Document, 'cookie'> | undefined = globalThis.document,
): void {
  rememberLanguageCookie(language, doc);
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not persisted; the choice still applies to this visit
  }
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The language cookie (LANGUAGE_COOKIE): the gateway serves the top page's
 * prerendered markup in it, so the next load of `/` paints in the language the
 * script shows instead of flashing Japanese first. Written at start too, so the
 * language the browser's preferences chose sticks like a choice.
 */
export function rememberLanguageCookie(
  language: Language,
  doc: Pick<Document, 'cookie'> | undefined = globalThis.document,
): void {
  if (!doc) return;
  doc.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}
