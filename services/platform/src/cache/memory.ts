import { AppError } from '../errors/index.ts';
import type { Cache } from '../ports/index.ts';

type Entry = { value: string | Set<string>; expiresAt: number | null };

export interface MemoryCacheOptions {
  /** How often expired keys are swept (default 30 s); reads also drop them lazily. */
  sweepIntervalMs?: number;
}

/** In-process cache for standalone mode and tests. */
export async function createMemoryCache(options: MemoryCacheOptions = {}): Promise<Cache> {
  const entries = new Map<string, Entry>();
  let closed = false;

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key);
  }, options.sweepIntervalMs ?? 30_000);
  sweep.unref();

  const stringOf = (key: string): Entry | undefined => {
    const entry = live(key);
    if (entry && typeof entry.value !== 'string') throw new AppError('INTERNAL', `cache key ${key} holds a set, not a value`);
    return entry;
  };
  const setOf = (key: string, create: boolean): Set<string> | undefined => {
    const entry = live(key);
    if (entry && typeof entry.value === 'string') throw new AppError('INTERNAL', `cache key ${key} holds a value, not a set`);
    if (entry) return entry.value as Set<string>;
    if (!create) return undefined;
    const members = new Set<string>();
    entries.set(key, { value: members, expiresAt: null });
    return members;
  };
  const expiry = (ttlMs?: number) => (ttlMs === undefined ? null : Date.now() + ttlMs);

  return {
    async get(key) {
      return (stringOf(key)?.value as string | undefined) ?? null;
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: expiry(ttlMs) });
    },
    async del(key) {
      entries.delete(key);
    },
    async incr(key, ttlMs, by = 1) {
      const entry = stringOf(key);
      if (!entry) {
        entries.set(key, { value: String(by), expiresAt: expiry(ttlMs) });
        return by;
      }
      const current = Number(entry.value);
      if (!Number.isInteger(current)) throw new AppError('INTERNAL', `cache key ${key} is not a counter`);
      entry.value = String(current + by);
      return current + by;
    },
    async ttl(key) {
      const entry = live(key);
      if (!entry) return -2;
      return entry.expiresAt === null ? -1 : entry.expiresAt - Date.now();
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
      clearInterval(sweep);
      entries.clear();
    },
  };
}
