import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Cache } from '@talkwith/platform';

/**
 * A @fastify/rate-limit store on the cache port: fixed windows counted with
 * Cache.incr, so every gateway instance shares the counters when the cache is Redis.
 */
export function cacheRateLimitStore(cache: Cache, prefix = 'rl:'): FastifyRateLimitStoreCtor {
  class CacheRateLimitStore implements FastifyRateLimitStore {
    readonly keyPrefix: string;
    constructor(_options: unknown, keyPrefix = prefix) {
      this.keyPrefix = keyPrefix;
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const fullKey = this.keyPrefix + key;
      cache.incr(fullKey, timeWindow)
        .then(async (current) => {
          const ttl = await cache.ttl(fullKey);
          callback(null, { current, ttl: ttl > 0 ? ttl : timeWindow });
        })
        .catch((err: Error) => callback(err));
    }
    child(routeOptions: { path: string; method?: string | string[] }): FastifyRateLimitStore {
      return new CacheRateLimitStore(undefined, `${this.keyPrefix}${String(routeOptions.method)}:${routeOptions.path}:`);
    }
  }
  return CacheRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
