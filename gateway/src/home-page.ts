import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompressedPage, ROOT } from './chat-page.ts';

/**
 * The top page's index.html (issue 10): the web build prerenders `/` with the
 * app's own components (web/src/app/prerender.tsx → dist/boot/home.html: the
 * shell and the home page in ja-JP, as a logged-out visitor first sees them)
 * and the gateway puts that markup inside #root, so the first paint is the
 * real page rather than a blank one waiting for the script; React's createRoot
 * replaces it with the same markup. No inline script or style (the page CSP).
 */

/** Where the web build writes the top page's markup, under its dist. */
export const HOME_BOOT_FILE = join('boot', 'home.html');

/** index.html with `markup` inside the empty #root, or undefined when index.html has no empty #root. */
export function renderHomePage(indexHtml: string, markup: string): string | undefined {
  if (!ROOT.test(indexHtml)) return undefined;
  return indexHtml.replace(ROOT, () => `<div id="root">${markup}</div>`);
}

/** The top page of a build: its index.html with dist/boot/home.html in #root; undefined when the build has no such markup. */
export function loadHomePage(dist: string, indexHtml: string): CompressedPage | undefined {
  const file = join(dist, HOME_BOOT_FILE);
  if (!existsSync(file)) return undefined;
  const html = renderHomePage(indexHtml, readFileSync(file, 'utf8'));
  return html === undefined ? undefined : new CompressedPage(html);
}
