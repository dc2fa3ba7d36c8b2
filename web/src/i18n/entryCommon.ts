import common from './locales/ja-JP.json';
import type { Language } from './languages.ts';

type Dictionary = Record<string, unknown>;

/**
 * The language whose `common` namespace ships inside the entry chunk, its
 * texts, and a loader for each other language's (a chunk of its own, for a
 * switch at run time). This file is ja-JP's, the default (dev server, tests,
 * the prerender); the web build makes one client per interface language and
 * generates this module for each (vite.config.ts `perLanguageBuilds`), so a
 * visitor served that language's index.html downloads its texts and no other
 * language's. The entry's own language has no loader: an import() of a module
 * the entry holds makes no chunk but still costs the entry some bytes.
 */
export const ENTRY_LANGUAGE: Language = 'ja-JP';
export const entryCommon: Dictionary = common;
export const otherCommons: Partial<Record<Language, () => Promise<{ default: Dictionary }>>> = {
  'en-US': () => import('./locales/en-US.json'),
  'fil-PH': () => import('./locales/fil-PH.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};
