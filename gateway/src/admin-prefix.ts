import type { IncomingMessage } from 'node:http';

const HIDDEN = '/api/__hidden';

/** Percent-decodes until stable (double and triple encoding included), at most a few rounds. */
function decodeFully(path: string): string {
  let current = path;
  for (let round = 0; round < 4; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return current;
}

/**
 * The path's segments as a lenient server or proxy might read them: decoded,
 * `\` as `/`, empty and `.` segments dropped, `..` applied, `;matrix`
 * parameters and trailing dots or spaces cut, lower-cased.
 */
export function normalisedSegments(path: string): string[] {
  const segments: string[] = [];
  for (const raw of decodeFully(path).replaceAll('\\', '/').split('/')) {
    if (raw === '' || raw === '.') continue;
    if (raw === '..') {
      segments.pop();
      continue;
    }
    const segment = (raw.split(';')[0] ?? '').replace(/[.\s]+$/u, '').toLowerCase();
    if (segment !== '') segments.push(segment);
  }
  return segments;
}

/** A path of one plain lower-case segment (no dot, escape, backslash or `;`), query aside. */
const ONE_PLAIN_SEGMENT = /^\/[a-z0-9_-]*(?:\?|$)/;

/**
 * Admin routes are registered under /api/admin/ by the services; the public
 * reaches them only at /api/<ADMIN_PATH_PREFIX>/ (a secret path). Any other
 * request whose decoded, normalised path lies under /api/admin (%61dmin,
 * ADMIN, //, /./, /x/../, ;params, trailing dots, double encoding) answers
 * 404 for everyone, with or without a token, as if it did not exist.
 */
export function adminUrlRewriter(prefix: string | undefined): ((req: IncomingMessage) => string) | undefined {
  if (!prefix) return undefined;
  const secret = `/api/${prefix}/`;
  return (req) => {
    const url = req.url ?? '/';
    if (url.startsWith(secret)) {
      const rest = url.slice(secret.length);
      const path = rest.split('?')[0] ?? '';
      // `..` must not climb out of the admin tree through the secret prefix.
      if (
        decodeFully(path)
          .replaceAll('\\', '/')
          .split('/')
          .some((s) => s === '.' || s === '..')
      )
        return HIDDEN;
      return `/api/admin/${rest}`;
    }
    // One plain lower-case segment (/healthz, /readyz, /) cannot normalise to /api/admin.
    if (ONE_PLAIN_SEGMENT.test(url)) return url;
    const path = url.split('?')[0] ?? '';
    const [first, second] = normalisedSegments(path);
    if (first === 'api' && second === 'admin') return HIDDEN;
    return url;
  };
}
