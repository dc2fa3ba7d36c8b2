import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_INTERFACE_LANGUAGE, INTERFACE_LANGUAGES } from '@talkwith/proto/i18n';
import { CompressedPage, ROOT } from './chat-page.ts';
import { PagesByLanguage, type WebIndexes } from './web-index.ts';

/**
 * The top page's index.html (issue 10): the web build prerenders `/` with the
 * app's own components in each interface language (web/src/app/prerender.tsx →
 * dist/boot/home.<language>.html: the shell and the home page as a logged-out
 * visitor first sees them) and the gateway puts the visitor's one inside #root,
 * so the first paint is the real page, in the language the script will pick,
 * rather than a blank one or a Japanese one that switches (issue 28); React's
 * hydrateRoot keeps it. Each language's markup goes into that language's
 * index.html (web-index.ts): the entry it loads holds the same texts, so the
 * hydration has them at hand. No inline script or style (the page CSP).
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

/** The top page of a build in each interface language; a language the build lacks gets the Japanese one. */
export type HomePages = PagesByLanguage<CompressedPage>;

/**
 * The top pages of a build: each language's index.html with dist/boot/home.<language>.html in #root;
 * undefined when the build has no Japanese one.
 */
export function loadHomePages(dist: string, indexes: WebIndexes): HomePages | undefined {
  const pages = new Map<string, CompressedPage>();
  for (const language of INTERFACE_LANGUAGES) {
    const file = join(dist, homeBootFile(language));
    if (!existsSync(file)) continue;
    const html = renderHomePage(indexes.get(language).html, readFileSync(file, 'utf8'), language);
    if (html !== undefined) pages.set(language, new CompressedPage(html));
  }
  const japanese = pages.get(DEFAULT_INTERFACE_LANGUAGE);
  return japanese ? new PagesByLanguage(japanese, pages) : undefined;
}
