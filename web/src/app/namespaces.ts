import type { AdminMessages } from '../features/admin/messages.ts';
import type jaAdminMain from '../features/admin/mainTexts/ja-JP.json';
import type jaAlbum from '../features/album/locales/ja-JP.json';
import type jaAuth from '../features/auth/locales/ja-JP.json';
import type jaBilling from '../features/billing/locales/ja-JP.json';
import type jaCatalog from '../features/catalog/locales/ja-JP.json';
import type jaEngagement from '../features/engagement/locales/ja-JP.json';
import type jaHelp from '../features/help/locales/ja-JP.json';
import type jaMicTest from '../features/micTest/locales/ja-JP.json';
import type jaNav from '../features/nav/locales/ja-JP.json';
import type jaSystemCheck from '../features/systemCheck/locales/ja-JP.json';
import type jaTalks from '../features/talks/locales/ja-JP.json';
import type jaCommon from '../i18n/locales/ja-JP.json';
import { loadCommon, type Dictionary } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * The i18next namespaces, typed by their ja-JP texts (the source of truth; a
 * test keeps the other languages' keys equal). `common` is the shell's and the
 * chat route's (i18n/locales; the build's language in the entry, i18n/entryCommon.ts);
 * each other namespace is one feature's (`features/<ns>/locales`), a chunk of its
 * own per language that the backend (i18n.ts) imports when a component first asks for it.
 */
export interface Namespaces {
  common: typeof jaCommon;
  album: typeof jaAlbum;
  auth: typeof jaAuth;
  billing: typeof jaBilling;
  catalog: typeof jaCatalog;
  engagement: typeof jaEngagement;
  help: typeof jaHelp;
  micTest: typeof jaMicTest;
  nav: typeof jaNav;
  systemCheck: typeof jaSystemCheck;
  talks: typeof jaTalks;
  /** The admin console's own texts (features/admin/<area>/locales: ja-JP, and en-US for every other language). */
  admin: AdminMessages;
  /** The console's texts in every interface language (its title, the users and mail pages). */
  adminMain: typeof jaAdminMain;
}

export type Namespace = keyof Namespaces;

/** Every namespace, for the tests that render a component with all texts at hand. */
export const NAMESPACES = Object.keys({
  common: true,
  album: true,
  auth: true,
  billing: true,
  catalog: true,
  engagement: true,
  help: true,
  micTest: true,
  nav: true,
  systemCheck: true,
  talks: true,
  admin: true,
  adminMain: true,
} satisfies Record<Namespace, true>) as Namespace[];

// Each feature's namespace in each language is a chunk of its own that Vite splits from these lazy imports.
const featureLoaders = import.meta.glob<Dictionary>(
  ['../features/*/locales/*.json', '../features/admin/mainTexts/*.json', '!../features/admin/locales/*.json'],
  { import: 'default' },
);

/** The i18n backend's read (i18n/i18n.ts): one namespace of one language, imported on first use. */
export async function loadNamespace(language: Language, namespace: string): Promise<Dictionary> {
  if (namespace === 'common') return loadCommon(language);
  if (namespace === 'admin') return (await import('../features/admin/messages.ts')).adminMessages(language);
  const folder = namespace === 'adminMain' ? 'admin/mainTexts' : `${namespace}/locales`;
  const load = featureLoaders[`../features/${folder}/${language}.json`];
  if (!load) throw new Error(`no texts for ${namespace} in ${language}`);
  return load();
}
