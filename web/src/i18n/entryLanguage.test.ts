import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadCommon, switchLanguage, type NamespaceLoader } from './i18n.ts';
import type * as EntryCommon from './entryCommon.ts';
import { LANGUAGES } from './languages.ts';
import enUS from './locales/en-US.json';
import jaJP from './locales/ja-JP.json';

// This file is the en-US build: entryCommon.ts as web/vite.config.ts generates it for en-US
// (en-US's texts in the entry, an import() for each other language).
vi.mock('./entryCommon.ts', async () => ({
  ENTRY_LANGUAGE: 'en-US',
  entryCommon: (await import('./locales/en-US.json')).default,
  otherCommons: {
    'ja-JP': () => import('./locales/ja-JP.json'),
    'fil-PH': () => import('./locales/fil-PH.json'),
    'zh-TW': () => import('./locales/zh-TW.json'),
  },
}));

/** The app's loader as far as common goes (app/namespaces.ts), recording each load. */
const recordingLoader = () =>
  vi.fn<NamespaceLoader>(async (language, namespace) => (namespace === 'common' ? loadCommon(language) : {}));

describe('i18n start in a build whose entry holds en-US', () => {
  it('createI18n, the entry language chosen (en-US), has its texts without loading common', async () => {
    const load = recordingLoader();

    const i18n = await createI18n('en-US', load);

    expect(i18n.t('nav.login')).toBe(enUS.nav.login);
    expect(load).not.toHaveBeenCalledWith('en-US', 'common');
  });

  it('createI18n, another language chosen (ja-JP, e.g. saved but no cookie), loads its common first: texts, never keys', async () => {
    const load = recordingLoader();

    const i18n = await createI18n('ja-JP', load);

    expect(load).toHaveBeenCalledWith('ja-JP', 'common');
    expect(i18n.language).toBe('ja-JP');
    expect(i18n.t('nav.login')).toBe(jaJP.nav.login);
    expect(document.documentElement.lang).toBe('ja-JP');
  });

  it('switchLanguage, from ja-JP back to the entry language, shows the inlined texts', async () => {
    const i18n = await createI18n('ja-JP', recordingLoader());

    await switchLanguage(i18n, 'en-US');

    expect(i18n.t('nav.login')).toBe(enUS.nav.login);
  });

  it('loadCommon, the entry language, is the dictionary the entry holds (no chunk)', async () => {
    const { entryCommon } = await import('./entryCommon.ts');

    expect(await loadCommon('en-US')).toBe(entryCommon);
  });
});

describe('entryCommon.ts as in the source (dev server, tests, the prerender)', () => {
  it('entryCommon, the source, holds ja-JP and loads each other language, not its own', async () => {
    const source = await vi.importActual<typeof EntryCommon>('./entryCommon.ts');

    expect(source.ENTRY_LANGUAGE).toBe('ja-JP');
    expect(source.entryCommon).toEqual(jaJP);
    expect(Object.keys(source.otherCommons).sort()).toEqual(LANGUAGES.filter((l) => l !== 'ja-JP').sort());
    expect((await source.otherCommons['zh-TW']!()).default).toHaveProperty('nav.login');
  });
});
