import type { Cache } from '../ports/index.ts';

/**
 * Per-user session versions: how a token is revoked before it expires.
 *
 * Identity stores a version on each user and signs it into every access token
 * as the `sv` claim. It bumps the version when the user logs out, changes or
 * resets a password, has roles changed or is deleted (deletion writes
 * REVOKED), and writes the current value to the cache port under
 * `session-version:<userId>` on each of those changes and on every log-in and
 * refresh, for at least as long as the token it just issued lives. Every
 * service (Redis in production, one memory cache in standalone) compares the
 * token's claim with that entry on each authenticated request.
 *
 * A cache miss for a token that carries `sv` is refused: identity wrote the
 * entry when it issued the token and keeps it for the token's lifetime, so a
 * miss means the cache lost it (restart, eviction) and the old value cannot be
 * trusted. The web client answers that 401 with a refresh, and the refresh
 * writes the entry again. A token without `sv` (signed before versions
 * existed; identity always sets it now) is accepted only while the cache holds
 * no entry for its user, i.e. until the user's first log-in, refresh or change.
 */
export const SESSION_VERSION_CLAIM = 'sv';
export const REVOKED = 'revoked';

export const sessionVersionKey = (userId: string): string => `session-version:${userId}`;

/** Identity's write: the user's current version (or REVOKED), kept for `ttlMs`. */
export async function announceSessionVersion(
  cache: Cache,
  userId: string,
  version: number | typeof REVOKED,
  ttlMs: number,
): Promise<void> {
  await cache.set(sessionVersionKey(userId), String(version), ttlMs);
}

/** Whether an access token's claims are still the user's current session version. */
export async function sessionIsCurrent(cache: Cache, claims: { sub: string; sv?: unknown }): Promise<boolean> {
  const current = await cache.get(sessionVersionKey(String(claims.sub)));
  const claimed = claims.sv;
  if (current === null) return claimed === undefined;
  if (current === REVOKED) return false;
  return String(claimed ?? 0) === current;
}
