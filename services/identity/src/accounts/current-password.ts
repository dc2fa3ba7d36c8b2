import { AppError, type Cache } from '@talkwith/platform';
import { messages } from './messages.ts';

/**
 * Guesses of the current password (password change, e-mail change, account
 * deletion) per user, counted in the cache port so every replica shares them.
 * Each attempt is reserved before the hash runs (so parallel guesses cannot
 * slip past the count) and released when it was right; once `maxFailures`
 * wrong guesses are in the window, further attempts get 429 without a hash.
 */
export interface CurrentPasswordGuard {
  /** Runs `verify` unless the user is over the limit; throws 429 when over. */
  check(userId: string, verify: () => Promise<boolean>): Promise<boolean>;
}

export const CURRENT_PASSWORD_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 };

export function createCurrentPasswordGuard(cache: Cache, options = CURRENT_PASSWORD_LIMIT): CurrentPasswordGuard {
  return {
    async check(userId, verify) {
      const key = `current-password:${userId}`;
      const attempts = await cache.incr(key, options.windowMs);
      if (attempts > options.maxFailures) {
        await cache.incr(key, options.windowMs, -1);
        throw new AppError('RATE_LIMITED', messages.currentPasswordRateLimited, { body: { rateLimited: true } });
      }
      const ok = await verify();
      if (ok) await cache.incr(key, options.windowMs, -1);
      return ok;
    },
  };
}
