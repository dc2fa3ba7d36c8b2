import type { Cache } from '@talkwith/platform';

/**
 * Log-in guessing limits, kept in the cache port (Redis in production, so every
 * gateway replica shares them). Three counters, all in fixed windows:
 *
 * - per (account, address), strict: `maxFailures` attempts that did not succeed.
 *   This is what stops one client guessing one password.
 * - per address, strict but higher (`maxFailuresPerAddress`): an address that
 *   fails across many accounts (password spraying) is stopped, while one
 *   customer mistyping their own password ten times does not lock out an admin
 *   behind the same NAT.
 * - per account, from every address: no hard lock (that would let anyone lock
 *   anyone out). After `maxFailures` failures the account slows down: the k-th
 *   further attempt is admitted only once `min(baseDelay·2^(k-1), maxDelay)` has
 *   passed since the account's last failure. A short remaining delay (up to
 *   `maxWait`) is waited out server-side, so the owner with the right password
 *   from a clean address gets in, a little later; a longer one answers 429.
 *   A distributed guesser thus gets about one guess per `maxDelay` per account,
 *   and the owner is refused only while someone keeps failing on that account.
 *
 * Every attempt is counted atomically BEFORE the password hash (a reservation,
 * `incr`), so parallel guesses cannot all pass a check made before any of them
 * failed; a success, a refusal or a shed request releases its reservation, so
 * only failures remain counted. A success does not reset the counters, which
 * keeps an attacker from interleaving a known-good log-in to clear them.
 */
export interface LoginLimiter {
  /** Reserves an attempt; null when it is refused (answer 429). */
  reserve(account: string, address: string): Promise<LoginAttempt | null>;
}

export interface LoginAttempt {
  /** The password was right (or the attempt never reached a verdict): the reservation is given back. */
  release(): Promise<void>;
  /** The password was wrong: the reservation stays counted and the account's delay grows. */
  fail(): Promise<void>;
}

export interface LoginLimitOptions {
  /** Failures per (account, address) in a window; also the failures on an account before it slows down. */
  maxFailures: number;
  /** Failures per client address over all accounts in a window. */
  maxFailuresPerAddress: number;
  windowMs: number;
  /** First delay on a slowed account (default 1 s), doubling per further failure up to maxDelayMs (default 60 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest remaining delay waited out server-side rather than refused (default 3 s). */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function createLoginLimiter(cache: Cache, options: LoginLimitOptions): LoginLimiter {
  const baseDelay = options.baseDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 60_000;
  const maxWait = options.maxWaitMs ?? 3000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const window = options.windowMs;
  // Given back with a 1 ms TTL: if the window ended meanwhile, the recreated key (-1) vanishes at once.
  const giveBack = (key: string) => cache.incr(key, 1, -1);

  return {
    async reserve(account, address) {
      const pairKey = `login:pair:${account}|${address}`;
      const addrKey = `login:addr:${address}`;
      const acctKey = `login:acct:${account}`;
      const lastKey = `login:acct-last:${account}`;
      const taken: string[] = [];
      const refuse = async () => {
        await Promise.all(taken.map(giveBack));
        return null;
      };

      taken.push(pairKey);
      if ((await cache.incr(pairKey, window)) > options.maxFailures) return refuse();
      taken.push(addrKey);
      if ((await cache.incr(addrKey, window)) > options.maxFailuresPerAddress) return refuse();
      taken.push(acctKey);
      const n = await cache.incr(acctKey, window);
      if (n > options.maxFailures) {
        // The k-th attempt beyond the free ones: each concurrent attempt holds its own k, so the delays fan out.
        const k = n - options.maxFailures;
        const delay = Math.min(baseDelay * 2 ** (k - 1), maxDelay);
        // No failure recorded yet means the attempts before this one are still in flight: count from now.
        const stored = await cache.get(lastKey);
        const last = stored === null ? now() : Number(stored);
        const wait = last + delay - now();
        if (wait > maxWait) return refuse();
        if (wait > 0) await sleep(wait);
      }

      let settled = false;
      return {
        async release() {
          if (settled) return;
          settled = true;
          await Promise.all(taken.map(giveBack));
        },
        async fail() {
          if (settled) return;
          settled = true;
          await cache.set(lastKey, String(now()), window);
        },
      };
    },
  };
}
