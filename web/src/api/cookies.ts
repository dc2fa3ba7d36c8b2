/** Names agreed with the identity service (services/identity/src/http/cookies.ts). */
export const CSRF_COOKIE = 'talkwith-csrf';
export const CSRF_HEADER = 'x-csrf-token';

export function readCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** The CSRF cookie lives exactly as long as the refresh cookie, so it tells us whether a session may exist. */
export function hasSessionHint(): boolean {
  return readCookie(CSRF_COOKIE) !== null;
}
