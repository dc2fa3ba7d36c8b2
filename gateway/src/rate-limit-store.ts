import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Cache } from '@talkwith/platform';

/**
 * A @fastify/rate-limit store on the cache port: fixed windows counted with
 * Cache.incr, so every gateway instance shares the counters when the cache is Redis.
 *
 * While the shared cache fails (Redis down), the count goes on in `fallback`,
 * this process's memory: the limit then holds per gateway process instead of
 * over all of them. Neither failing closed (every request refused, the pages
 * too: the whole site down with Redis) nor open (no limit at all just when the
 * system is weakest, the plugin's `skipOnError`) is acceptable for the edge.
 */
export function cacheRateLimitStore(cache: Cache, prefix = 'rl:', fallback?: Cache): FastifyRateLimitStoreCtor {
  const count = async (on: Cache, key: string, timeWindow: number) => {
    const current = await on.incr(key, timeWindow);
    const ttl = await on.ttl(key);
    return { current, ttl: ttl > 0 ? ttl : timeWindow };
  };
  class CacheRateLimitStore implements FastifyRateLimitStore {
    readonly keyPrefix: string;
    constructor(_options: unknown, keyPrefix = prefix) {
      this.keyPrefix = keyPrefix;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const fullKey = this.keyPrefix + key;
      count(cache, fullKey, timeWindow)
        .catch((err: Error) => (fallback ? count(fallback, fullKey, timeWindow) : Promise.reject(err)))
        .then(
          (result) => callback(null, result),
          (err: Error) => callback(err),
        );
    }
    child(routeOptions: { path: string; method?: string | string[] }): FastifyRateLimitStore {
      return new CacheRateLimitStore(
        undefined,
        `${this.keyPrefix}${String(routeOptions.method)}:${routeOptions.path}:`,
      );
    }
  }
  return CacheRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
