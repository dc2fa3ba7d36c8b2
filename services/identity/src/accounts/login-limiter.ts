import type { Cache } from '@talkwith/platform';

/**
 * Failed log-ins counted per account and per client address in fixed windows
 * in the cache port (Redis in production, so every gateway replica shares them).
 * Only failures count, so a user who logs in correctly is never locked out by
 * their own successes; a success does not reset the counters either, which
 * keeps an attacker from interleaving a known-good account to reset them.
 */
export interface LoginLimiter {
  isLimited(account: string, address: string): Promise<boolean>;
  recordFailure(account: string, address: string): Promise<void>;
}

export function createLoginLimiter(cache: Cache, options: { maxFailures: number; windowMs: number }): LoginLimiter {
  const keys = (account: string, address: string) => [`login-fail:acct:${account}`, `login-fail:addr:${address}`];
  return {
    async isLimited(account, address) {
      const counts = await Promise.all(keys(account, address).map((k) => cache.get(k)));
      return counts.some((c) => Number(c ?? 0) >= options.maxFailures);
    },
    async recordFailure(account, address) {
      await Promise.all(keys(account, address).map((k) => cache.incr(k, options.windowMs)));
    },
  };
}
