/**
 * Whether #root holds the gateway's prerendered top page (dist/boot/home.<language>.html) in the
 * language the script starts in: then the app hydrates it (keeps its DOM) instead of rendering it
 * afresh. `servedLanguage` is <html lang> as served (the gateway sets it to the prerendered page's
 * language), read before the script sets its own. Any other page, or another language, renders anew.
 */
export function isPrerenderedHome(
  root: Element,
  language: string,
  servedLanguage: string,
  pathname: string = globalThis.location.pathname,
): boolean {
  return pathname === '/' && root.firstElementChild !== null && servedLanguage === language;
}
