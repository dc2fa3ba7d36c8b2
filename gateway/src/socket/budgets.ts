import type { Cache } from '@talkwith/platform';

/** Frame budgets of the socket. Per connection in memory; per address in the cache port (shared by every gateway replica). */
export interface FrameLimits {
  /** Token bucket of one connection: frames it may send at once, and frames per second refilled. */
  connectionBurst: number;
  connectionPerSecond: number;
  /** Fixed one-minute windows per client address, over every connection from it: every frame, read or not. */
  addressFramesPerMinute: number;
  addressBytesPerMinute: number;
  /** The smaller budget of log lines stored without a token (pre-login lines), per address. */
  anonymousFramesPerMinute: number;
  anonymousBytesPerMinute: number;
}

/** One connection's token bucket. */
export interface Bucket {
  tokens: number;
  refilledAt: number;
}

/** Takes one token of the connection's bucket (refilled by the time passed); false when it is empty. Synchronous: spent as the frame arrives. */
export function takeToken(bucket: Bucket, limits: FrameLimits, now = Date.now()): boolean {
  bucket.tokens = Math.min(
    limits.connectionBurst,
    bucket.tokens + ((now - bucket.refilledAt) / 1000) * limits.connectionPerSecond,
  );
  bucket.refilledAt = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

const minute = 60_000;

/**
 * The per-address windows, counted with the cache port's incr directly, not
 * with the platform limiter's reserve(): these run on every frame, and
 * reserve() hashes each key with SHA-256 and awaits its budgets one after
 * another, which measured 4 µs → 16 µs per frame over the memory cache. Nor
 * does a refused frame need reserve()'s give-back: a frame over budget is
 * refused and counted, which is all a flood deserves.
 */
export function addressBudgets(cache: Cache, limits: FrameLimits) {
  /** 0 when the frame fits both windows; else ms until the frame window ends. */
  async function spend(scope: string, address: string, bytes: number, frames: number, volume: number): Promise<number> {
    const key = `ws:${scope}:f:${address}`;
    const [sent, size] = await Promise.all([
      cache.incr(key, minute),
      cache.incr(`ws:${scope}:b:${address}`, minute, bytes),
    ]);
    if (sent <= frames && size <= volume) return 0;
    const left = await cache.ttl(key);
    return left > 0 ? left : minute;
  }
  return {
    /** Every frame, before its text is looked at: so neither a valid, invalid nor deep frame is read for free. */
    frame: (address: string, bytes: number) =>
      spend('all', address, bytes, limits.addressFramesPerMinute, limits.addressBytesPerMinute),
    /** A log line stored without a user, on top of `frame`: the store's growth from anonymous senders. */
    anonymousLine: async (address: string, bytes: number) =>
      (await spend('anon', address, bytes, limits.anonymousFramesPerMinute, limits.anonymousBytesPerMinute)) === 0,
  };
}
