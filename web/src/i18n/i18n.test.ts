import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { ParseKeys } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadCommon, switchLanguage, type NamespaceLoader } from './i18n.ts';
import { LANGUAGES, LANGUAGE_STORAGE_KEY, rememberLanguageCookie, storedLanguage, storeLanguage } from './languages.ts';
import jaJP from './locales/ja-JP.json';

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

/** i18next plural keys (`steps_one`, `steps_other`): each language has the CLDR forms it needs, so they are compared by their base. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string): string => key.replace(PLURAL_SUFFIX, '');

const SRC = join(import.meta.dirname, '..');
const ADMIN_DIR = join(SRC, 'features', 'admin');
const FEATURES = join(SRC, 'features');

/**
 * The namespaces in all four languages (app/namespaces.ts): common (i18n/locales)
 * and each feature's (features/<name>/locales). The admin console's own namespace
 * (ja-JP and en-US only) is checked on its own below.
 */
const DICTIONARY_SETS: Array<{ name: string; dir: string }> = [
  { name: 'entry', dir: join(import.meta.dirname, 'locales') },
  ...readdirSync(FEATURES)
    .filter((name) => name !== 'admin' && existsSync(join(FEATURES, name, 'locales', 'ja-JP.json')))
    .map((name) => ({ name, dir: join(FEATURES, name, 'locales') })),
  // The console's texts in every language, namespace adminMain (its locales/ folders hold the admin namespace).
  { name: 'admin', dir: join(ADMIN_DIR, 'mainTexts') },
];
const setDictionary = (dir: string, language: string): unknown =>
  JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8'));
const baseKeys = (dictionary: unknown): string[] => [...new Set(flatKeys(dictionary).map(pluralBase))].sort();
const partOf = (file: string) =>
  DICTIONARY_SETS.find(({ name }) => name !== 'entry' && file.startsWith(join(FEATURES, name) + sep));

/** The admin console's texts of one language, merged as features/admin/messages.ts merges them. */
function adminMessages(language: string): Record<string, unknown> {
  const files = sourceFilesNamed(ADMIN_DIR, `${language}.json`);
  return Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>));
}

function sourceFilesNamed(dir: string, name: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFilesNamed(path, name);
    return entry === name && dir.endsWith('locales') ? [path] : [];
  });
}

/** The shared layer knows only the common namespace (the features' files are app/namespaces.ts's). */
const commonOnly: NamespaceLoader = async (language, namespace) => (namespace === 'common' ? loadCommon(language) : {});

describe('i18n', () => {
  it('createI18n, without a stored choice, speaks ja-JP', async () => {
    const i18n = await createI18n(storedLanguage(), commonOnly);
    expect(i18n.language).toBe('ja-JP');
    expect(i18n.t('nav.login')).toBe('ログイン');
  });

  it('t, for a missing key, shows the key itself', async () => {
    const i18n = await createI18n('en-US', commonOnly);
    expect(i18n.t('no.such.key' as ParseKeys)).toBe('no.such.key');
  });

  it('switchLanguage, when the namespace fails to load, still switches and shows keys', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = await createI18n('ja-JP', (language, namespace) =>
      language === 'zh-TW' ? Promise.reject(new Error('network down')) : commonOnly(language, namespace),
    );
    await switchLanguage(i18n, 'zh-TW');
    expect(i18n.language).toBe('zh-TW');
    expect(i18n.t('nav.login')).toBe('nav.login');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('switchLanguage, to en-US, changes texts and the document language', async () => {
    const i18n = await createI18n('ja-JP', commonOnly);
    await switchLanguage(i18n, 'en-US');
    expect(i18n.t('nav.login')).toBe('Log in');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('storeLanguage, then storedLanguage, round-trips under the talkwith- prefix and ignores junk', () => {
    storeLanguage('fil-PH');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fil-PH');
    expect(LANGUAGE_STORAGE_KEY.startsWith('talkwith-')).toBe(true);
    expect(storedLanguage()).toBe('fil-PH');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx-XX');
    expect(storedLanguage()).toBe('ja-JP');
  });

  it('storeLanguage, a choice, also writes the language cookie the gateway serves the top page by', () => {
    storeLanguage('zh-TW');

    expect(document.cookie).toContain('talkwith-lang=zh-TW');
  });

  it('rememberLanguageCookie, a language, writes it for the whole site for a year, SameSite=Lax', () => {
    const doc = { cookie: '' };

    rememberLanguageCookie('en-US', doc);

    expect(doc.cookie).toBe('talkwith-lang=en-US; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('locales, all four, in common and in every feature namespace, have exactly the keys of ja-JP (plural keys counted once)', () => {
    expect(DICTIONARY_SETS.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['entry', 'auth', 'billing', 'engagement', 'catalog']),
    );
    for (const { name, dir } of DICTIONARY_SETS) {
      const expected = baseKeys(setDictionary(dir, 'ja-JP'));
      for (const language of LANGUAGES)
        expect(baseKeys(setDictionary(dir, language)), `${name} ${language}`).toEqual(expected);
    }
  });

  it('locales, a key in common and in a feature namespace, is refused: the feature would hide the common text (fallbackNS)', () => {
    const owners = new Map<string, string[]>();
    for (const { name, dir } of DICTIONARY_SETS)
      for (const key of baseKeys(setDictionary(dir, 'ja-JP'))) owners.set(key, [...(owners.get(key) ?? []), name]);
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it('locales, every plural key, has exactly the plural forms its language distinguishes', () => {
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      const forms = new Map<string, string[]>();
      for (const key of DICTIONARY_SETS.flatMap(({ dir }) => flatKeys(setDictionary(dir, language)))) {
        const match = PLURAL_SUFFIX.exec(key);
        if (match) forms.set(pluralBase(key), [...(forms.get(pluralBase(key)) ?? []), match[1]!]);
      }
      expect(forms.size, language).toBeGreaterThan(0);
      for (const [key, found] of forms) expect(found.sort(), `${language} ${key}`).toEqual(categories);
    }
  });

  it('source, every literal t() key, is in common or in the namespace of the feature that uses it', () => {
    // The compiler checks the typed namespaces (app/i18next.d.ts), the admin one included; this also catches a key of another feature's.
    // A feature's components ask for their own namespace, so a key of another feature's would show as the key.
    // The admin console's files may also use its own namespace (features/admin/**/locales, merged by features/admin/messages.ts).
    // A console area may translate with its own key prefix (useAdminTexts(area)).
    const consoleMessages = adminMessages('ja-JP');
    const consoleKeys = new Set(flatKeys(consoleMessages));
    const inConsole = (key: string) =>
      consoleKeys.has(key) || Object.keys(consoleMessages).some((area) => consoleKeys.has(`${area}.${key}`));
    const entryKeys = new Set(baseKeys(jaJP));
    const partKeys = new Map(
      DICTIONARY_SETS.map(({ name, dir }) => [name, new Set(baseKeys(setDictionary(dir, 'ja-JP')))]),
    );
    const inPart = (file: string, key: string) => {
      const part = partOf(file);
      return part !== undefined && partKeys.get(part.name)!.has(key);
    };
    const known = (file: string, key: string) =>
      entryKeys.has(key) || inPart(file, key) || (file.startsWith(ADMIN_DIR) && inConsole(key));
    const literal = (pattern: RegExp) =>
      sourceFiles(SRC).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => ({ file, key: m[1]! })),
      );
    const used = [
      ...literal(/\bta?\(\s*'([a-zA-Z]+\.[a-zA-Z0-9.]+)'/g),
      ...literal(/key: '([a-zA-Z]+\.[a-zA-Z0-9.]+)'/g),
    ];
    expect(
      used.filter(({ file, key }) => !known(file, key)).map(({ file, key }) => `${file.slice(SRC.length)}: ${key}`),
    ).toEqual([]);
    expect(used.length).toBeGreaterThan(100);
  });

  it('admin console texts, in ja-JP and en-US, have the same keys', () => {
    const bases = (language: string) => [...new Set(flatKeys(adminMessages(language)).map(pluralBase))].sort();
    expect(bases('en-US')).toEqual(bases('ja-JP'));
  });
});
