/**
 * The console's secret path segment, remembered in this browser after an
 * admin opened the console. GET /api/config tells the path to admins only, so
 * when the session has expired the gate would not know a console URL from any
 * unknown one and showed "not found". With the hint, that URL sends the admin
 * to the log-in page and back. Only a browser that already showed the console
 * holds it (as its history does), so the path is revealed to no one new.
 */
const KEY = 'talkwith.consolePath';

export function rememberConsolePath(segment: string): void {
  try {
    if (localStorage.getItem(KEY) !== segment) localStorage.setItem(KEY, segment);
  } catch {
    // Storage refused (private mode, quota): the hint is a convenience only.
  }
}

export function isRememberedConsolePath(segment: string | undefined): boolean {
  try {
    return !!segment && localStorage.getItem(KEY) === segment;
  } catch {
    return false;
  }
}
