import { AppError, isAppError, type Cache } from '@talkwith/platform';

/** A wait in Japanese as a person says it: seconds under a minute, else whole minutes rounded up. */
export function waitInJapanese(seconds: number): string {
  return seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分`;
}

/** SPEC.md §8's serial 429 text, saying how long to wait (the same as `Retry-After`). */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  return `入力回数の上限を超えたため、一時的に制限されています。${waitInJapanese(retryAfterSeconds)}後に再度お試しください。`;
}

export interface SerialLimitOptions {
  /** Failed attempts one account may make in a window. */
  maxFailures: number;
  /** Failed attempts from one client address, over all accounts, in a window. */
  maxFailuresPerAddress: number;
  windowMs: number;
  /**
   * Error codes that are no failed guess: the attempt's slots are given back
   * (an "already received" answer to a double-click or a second try of one's
   * own code proves the code was typed right).
   */
  uncounted?: ReadonlySet<string>;
}

/**
 * Serial guessing limits (API.md § Serials, step 1), in the cache port so
 * every replica shares them: two fixed-window counters, per account and per
 * client address. Each attempt reserves a slot in both BEFORE the code is
 * looked up (`incr` is atomic), so parallel guesses cannot all pass a check
 * made before any of them failed, and a right code is refused too while over
 * the limit. A success gives its slots back, so only failures stay counted;
 * so does an attempt that ended in a server fault (not the caller's doing)
 * or in one of the `uncounted` answers. The 429 says when to try again:
 * `Retry-After` (seconds left in the window) and the same wait in its message.
 */
export interface SerialLimiter {
  /** Runs `attempt` inside a reservation; 429 RATE_LIMITED without running it when over either limit. */
  guard<R>(account: string, address: string, attempt: () => Promise<R>): Promise<R>;
}

export function createSerialLimiter(cache: Cache, options: SerialLimitOptions): SerialLimiter {
  // Given back with a 1 ms TTL: if the window ended meanwhile, the recreated key (-1) vanishes at once.
  const giveBack = (keys: string[]) => Promise.all(keys.map((key) => cache.incr(key, 1, -1)));

  async function reserve(account: string, address: string): Promise<string[]> {
    const counters: Array<[key: string, max: number]> = [
      [`serial:acct:${account}`, options.maxFailures],
      [`serial:addr:${address}`, options.maxFailuresPerAddress],
    ];
    const taken: string[] = [];
    for (const [key, max] of counters) {
      taken.push(key);
      if ((await cache.incr(key, options.windowMs)) > max) {
        const retryAfter = await secondsLeft(cache, key);
        await giveBack(taken);
        throw new AppError('RATE_LIMITED', rateLimitedMessage(retryAfter), { body: { rateLimited: true, retry_after: retryAfter }, headers: { 'retry-after': String(retryAfter) } });
      }
    }
    return taken;
  }

  return {
    async guard(account, address, attempt) {
      const taken = await reserve(account, address);
      try {
        const result = await attempt();
        await giveBack(taken);
        return result;
      } catch (err) {
        if (!isAppError(err) || err.status >= 500 || options.uncounted?.has(err.code)) await giveBack(taken);
        throw err;
      }
    },
  };
}

async function secondsLeft(cache: Cache, key: string): Promise<number> {
  const ms = await cache.ttl(key);
  return ms > 0 ? Math.ceil(ms / 1000) : 1;
}
