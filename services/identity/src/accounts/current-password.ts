import type { Cache } from '@talkwith/platform';
import { limitFailures } from '@talkwith/platform/limits';
import { messages } from '../errors.ts';

/**
 * Guesses of the current password (password change, e-mail change, account
 * deletion) per user, on the platform's one limiter (cache port, so every
 * replica shares them). Each attempt is reserved before the hash runs (so
 * parallel guesses cannot slip past the count) and given back when it was
 * right; once `maxFailures` wrong guesses are in the window, further attempts
 * get 429 without a hash.
 */
export interface CurrentPasswordGuard {
  /** Runs `verify` unless the user is over the limit; throws 429 when over. */
  check(userId: string, verify: () => Promise<boolean>): Promise<boolean>;
}

export const CURRENT_PASSWORD_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 };

export function createCurrentPasswordGuard(cache: Cache, options = CURRENT_PASSWORD_LIMIT): CurrentPasswordGuard {
  return {
    check: (userId, verify) =>
      limitFailures(
        cache,
        [{ name: 'current-password', key: userId, max: options.maxFailures, windowMs: options.windowMs }],
        messages.currentPasswordRateLimited,
        verify,
        { failedResult: (right) => !right },
      ),
  };
}
