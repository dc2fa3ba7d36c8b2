import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCookie } from 'cookie';
import Negotiator from 'negotiator';
import {
  DEFAULT_INTERFACE_LANGUAGE,
  INTERFACE_LANGUAGES,
  LANGUAGE_COOKIE,
  matchBrowserLanguage,
  type InterfaceLanguageTag,
} from '@talkwith/proto/i18n';

/**
 * The web build's index.html per interface language. The build makes one
 * client per language (web/vite.config.ts), each with that language's common
 * texts inside its entry chunk, so a visitor downloads their own texts and no
 * others: ja-JP's page is index.html, each other's index.<language>.html. Every
 * page the gateway serves from it (the top page, the player route, the other
 * client routes) is the one of pageLanguage(): the language the script will start in.
 */

/** The file of `language`'s page under the build's dist. */
export const indexFile = (language: InterfaceLanguageTag): string =>
  language === DEFAULT_INTERFACE_LANGUAGE ? 'index.html' : `index.${language}.html`;

/**
 * The tags of an Accept-Language header, most preferred first (negotiator: by
 * q, ties in header order), without the refused (q=0) ones and the wildcard.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return new Negotiator({ headers: { 'accept-language': header } }).languages().filter((tag) => tag !== '*');
}

/**
 * The language of the page for a request: the language cookie the client
 * writes (its saved choice or its start language), else Accept-Language
 * matched as the client matches navigator.languages (one matcher, in proto),
 * else ja-JP: what the script will show, so its texts come with the entry and
 * the top page's first paint does not switch.
 */
export function pageLanguage(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): InterfaceLanguageTag {
  const fromCookie = cookieHeader ? parseCookie(cookieHeader)[LANGUAGE_COOKIE] : undefined;
  const chosen = INTERFACE_LANGUAGES.find((language) => language === fromCookie);
  return chosen ?? matchBrowserLanguage(acceptedLanguages(acceptLanguage)) ?? DEFAULT_INTERFACE_LANGUAGE;
}

/** What varies a page chosen by pageLanguage(), for caches (Vary), besides its encoding. */
export const PAGE_LANGUAGE_VARY = 'accept-language, cookie';

/** A language's page: its file under dist and its text as read at start. */
export interface IndexPage {
  file: string;
  html: string;
}

/** A build's pages by language; a language the build has no page of gets ja-JP's. */
export class PagesByLanguage<Page> {
  readonly #byLanguage: ReadonlyMap<string, Page>;
  readonly #japanese: Page;

  constructor(japanese: Page, byLanguage: ReadonlyMap<string, Page>) {
    this.#japanese = japanese;
    this.#byLanguage = byLanguage;
  }

  get(language: InterfaceLanguageTag): Page {
    return this.#byLanguage.get(language) ?? this.#japanese;
  }

  /** Every language's page (ja-JP's for a language the build lacks). */
  all(): Page[] {
    return INTERFACE_LANGUAGES.map((language) => this.get(language));
  }
}

/** The index.html pages of a build (index.html is ja-JP's). */
export type WebIndexes = PagesByLanguage<IndexPage>;

/** The pages of the build in `dist`, read once: a rebuild needs a restart (as the hashed asset names in them do). */
export function loadWebIndexes(dist: string): WebIndexes {
  const pages = new Map<InterfaceLanguageTag, IndexPage>();
  for (const language of INTERFACE_LANGUAGES) {
    const file = indexFile(language);
    if (existsSync(join(dist, file))) pages.set(language, { file, html: readFileSync(join(dist, file), 'utf8') });
  }
  const japanese = pages.get(DEFAULT_INTERFACE_LANGUAGE);
  if (!japanese) throw new Error(`${join(dist, 'index.html')} is missing`);
  return new PagesByLanguage(japanese, pages);
}
