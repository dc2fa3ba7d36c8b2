import { Redis } from 'ioredis';
import { AppError } from '../errors/index.ts';
import { messages } from '../http/error-reply.ts';
import type { Cache } from '../ports/index.ts';

export interface RedisCacheOptions {
  url: string;
  /** Key prefix (default 'tw:cache:'). */
  prefix?: string;
  /** A command without an answer for this long fails (default COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
}

/**
 * Redis down must cost a caller well under a second, never the 6–10 s of
 * ioredis's defaults: with the offline queue on, a command issued while
 * disconnected waits through reconnect attempts (backing off to 2 s each)
 * until maxRetriesPerRequest of them failed. Here a command issued while
 * disconnected fails at once, one that a half-open connection never answers
 * fails after COMMAND_TIMEOUT_MS, and the client keeps reconnecting in the
 * background (ioredis's retry strategy, at most 2 s apart), so Redis coming
 * back needs no restart.
 */
export const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;

// The expiry is set only by the call that creates the key: a fixed window.
const INCR_FIXED_WINDOW = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if created then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value`;

/** Any failure of the cache is "try again shortly" to the client: 503 UNAVAILABLE in the error shape, the cause kept for the log. */
export function cacheUnavailable(cause: unknown): AppError {
  return new AppError('UNAVAILABLE', messages.unavailable, { cause, expose: true, headers: { 'retry-after': '2' } });
}

/** Cache on Redis (CACHE_URL=redis://...). */
export async function createRedisCache(options: RedisCacheOptions): Promise<Cache> {
  const prefix = options.prefix ?? 'tw:cache:';
  const redis = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
  });
  // Without a listener ioredis prints every failed reconnect; the failures reach callers as 503s instead.
  redis.on('error', () => undefined);
  await redis.connect();
  const k = (key: string) => prefix + key;
  const call = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (err) {
      throw cacheUnavailable(err);
    }
  };

  return {
    get: (key) => call(() => redis.get(k(key))),
    async set(key, value, ttlMs) {
      if (ttlMs === undefined) await call(() => redis.set(k(key), value));
      else await call(() => redis.set(k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs))));
    },
    async del(key) {
      await call(() => redis.del(k(key)));
    },
    async incr(key, ttlMs, by = 1) {
      return Number(await call(() => redis.eval(INCR_FIXED_WINDOW, 1, k(key), by, Math.max(1, Math.ceil(ttlMs)))));
    },
    ttl: (key) => call(() => redis.pttl(k(key))),
    async setAdd(key, member) {
      await call(() => redis.sadd(k(key), member));
    },
    async setRemove(key, member) {
      await call(() => redis.srem(k(key), member));
    },
    setMembers: (key) => call(() => redis.smembers(k(key))),
    async ping() {
      await call(() => redis.ping());
    },
    async close() {
      // quit needs the connection; while Redis is away, disconnect ends the reconnect loop instead.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
