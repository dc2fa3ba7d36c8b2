import { Redis } from 'ioredis';
import type { Cache } from '../ports/index.ts';

export interface RedisCacheOptions {
  url: string;
  /** Key prefix (default 'tw:cache:'). */
  prefix?: string;
}

// The expiry is set only by the call that creates the key: a fixed window.
const INCR_FIXED_WINDOW = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if created then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`;

/** Cache on Redis (CACHE_URL=redis://...). */
export async function createRedisCache(options: RedisCacheOptions): Promise<Cache> {
  const prefix = options.prefix ?? 'tw:cache:';
  const redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  const k = (key: string) => prefix + key;

  return {
    async get(key) {
      return redis.get(k(key));
    },
    async set(key, value, ttlMs) {
      if (ttlMs === undefined) await redis.set(k(key), value);
      else await redis.set(k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async del(key) {
      await redis.del(k(key));
    },
    async incr(key, ttlMs, by = 1) {
      return Number(await redis.eval(INCR_FIXED_WINDOW, 1, k(key), by, Math.max(1, Math.ceil(ttlMs))));
    },
    async ttl(key) {
      return redis.pttl(k(key));
    },
    async setAdd(key, member) {
      await redis.sadd(k(key), member);
    },
    async setRemove(key, member) {
      await redis.srem(k(key), member);
    },
    async setMembers(key) {
      return redis.smembers(k(key));
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
