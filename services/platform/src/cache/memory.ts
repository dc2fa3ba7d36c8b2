import { TTLCache } from '@isaacs/ttlcache';
import { AppError } from '../errors/index.ts';
import type { Cache } from '../ports/index.ts';

/** The embedded cache: strings and sets, each with an optional time to live (@isaacs/ttlcache drops them on time). */
export async function createMemoryCache(): Promise<Cache> {
  const entries = new TTLCache<string, string | Set<string>>({ ttl: Infinity, checkAgeOnGet: true });
  let closed = false;
  const live = (key: string) => entries.get(key);

  const stringOf = (key: string): string | undefined => {
    const value = live(key);
    if (value !== undefined && typeof value !== 'string')
      throw new AppError('INTERNAL', `cache key ${key} holds a set, not a value`);
    return value;
  };
  const setOf = (key: string, create: boolean): Set<string> | undefined => {
    const value = live(key);
    if (typeof value === 'string') throw new AppError('INTERNAL', `cache key ${key} holds a value, not a set`);
    if (value) return value;
    if (!create) return undefined;
    const members = new Set<string>();
    entries.set(key, members);
    return members;
  };

  return {
    async get(key) {
      return stringOf(key) ?? null;
    },
    async set(key, value, ttlMs) {
      entries.set(key, value, { ttl: ttlMs ?? Infinity });
    },
    async del(key) {
      entries.delete(key);
    },
    async incr(key, ttlMs, by = 1) {
      const value = stringOf(key);
      if (value === undefined) {
        entries.set(key, String(by), { ttl: ttlMs ?? Infinity });
        return by;
      }
      const current = Number(value);
      if (!Number.isInteger(current)) throw new AppError('INTERNAL', `cache key ${key} is not a counter`);
      // A counter keeps the time to live it was created with (Redis INCR does not touch the expiry).
      entries.set(key, String(current + by), { noUpdateTTL: true });
      return current + by;
    },
    async ttl(key) {
      if (live(key) === undefined) return -2;
      const remaining = entries.getRemainingTTL(key);
      return remaining === Infinity ? -1 : remaining;
    },
    async setAdd(key, member) {
      setOf(key, true)!.add(member);
    },
    async setRemove(key, member) {
      const members = setOf(key, false);
      members?.delete(member);
      if (members?.size === 0) entries.delete(key);
    },
    async setMembers(key) {
      return [...(setOf(key, false) ?? [])];
    },
    async ping() {
      if (closed) throw new AppError('UNAVAILABLE', 'cache is closed');
    },
    async close() {
      closed = true;
      entries.cancelTimer();
      entries.clear();
    },
  };
}
