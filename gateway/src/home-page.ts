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
import { CompressedPage, ROOT } from './chat-page.ts';

/**
 * The top page's index.html (issue 10): the web build prerenders `/` with the
 * app's own components in each interface language (web/src/app/prerender.tsx →
 * dist/boot/home.<language>.html: the shell and the home page as a logged-out
 * visitor first sees them) and the gateway puts the visitor's one inside #root,
 * so the first paint is the real page, in the language the script will pick,
 * rather than a blank one or a Japanese one that switches (issue 28); React's
 * createRoot replaces it with the same markup. No inline script or style (the page CSP).
 */

/** Where the web build writes the top page's markup in `language`, under its dist. */
export const homeBootFile = (language: string) => join('boot', `home.${language}.html`);

/** The `<html lang>` of index.html. */
const HTML_LANG = /<html lang="[^"]*">/;

/** index.html with `markup` inside the empty #root (and `lang` on <html>), or undefined when index.html has no empty #root. */
export function renderHomePage(indexHtml: string, markup: string, lang?: string): string | undefined {
  if (!ROOT.test(indexHtml)) return undefined;
  const withRoot = indexHtml.replace(ROOT, () => `<div id="root">${markup}</div>`);
  return lang === undefined ? withRoot : withRoot.replace(HTML_LANG, () => `<html lang="${lang}">`);
}

/**
 * The tags of an Accept-Language header, most preferred first (negotiator: by
 * q, ties in header order), without the refused (q=0) ones and the wildcard.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return new Negotiator({ headers: { 'accept-language': header } }).languages().filter((tag) => tag !== '*');
}

/**
 * The language of the top page for a request: the language cookie the client
 * writes (its saved choice or its start language), else Accept-Language
 * matched as the client matches navigator.languages (one matcher, in proto),
 * else ja-JP: what the script will show, so the first paint does not switch.
 */
export function homeLanguage(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): InterfaceLanguageTag {
  const fromCookie = cookieHeader ? parseCookie(cookieHeader)[LANGUAGE_COOKIE] : undefined;
  const chosen = INTERFACE_LANGUAGES.find((language) => language === fromCookie);
  return chosen ?? matchBrowserLanguage(acceptedLanguages(acceptLanguage)) ?? DEFAULT_INTERFACE_LANGUAGE;
}

/** The top page of a build in each interface language; a language the build lacks gets the Japanese one. */
export class HomePages {
  readonly #byLanguage: ReadonlyMap<string, CompressedPage>;
  readonly #japanese: CompressedPage;

  constructor(japanese: CompressedPage, byLanguage: ReadonlyMap<string, CompressedPage>) {
    this.#japanese = japanese;
    this.#byLanguage = byLanguage;
  }

  get(language: InterfaceLanguageTag): CompressedPage {
    return this.#byLanguage.get(language) ?? this.#japanese;
  }
}

/** The top pages of a build: its index.html with dist/boot/home.<language>.html in #root; undefined when the build has no Japanese one. */
export function loadHomePages(dist: string, indexHtml: string): HomePages | undefined {
  const pages = new Map<string, CompressedPage>();
  for (const language of INTERFACE_LANGUAGES) {
    const file = join(dist, homeBootFile(language));
    if (!existsSync(file)) continue;
    const html = renderHomePage(indexHtml, readFileSync(file, 'utf8'), language);
    if (html !== undefined) pages.set(language, new CompressedPage(html));
  }
  const japanese = pages.get(DEFAULT_INTERFACE_LANGUAGE);
  return japanese ? new HomePages(japanese, pages) : undefined;
}
