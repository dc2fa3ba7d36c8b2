import { createHash } from 'node:crypto';
import { AppError, type Cache } from '@talkwith/platform';
import { recognitionMessages as m } from './messages.ts';

const WINDOW_MS = 60_000;

// The key holds a hash, not the address itself: the cache is not a place for personal data.
const keyOf = (address: string) => `dialogue:recognition:addr:${createHash('sha256').update(address).digest('base64url')}`;

/**
 * The public recognition routes' limit per client address
 * (RECOGNITION_RATE_PER_MINUTE): a fixed one-minute window in the cache port,
 * so every replica shares it. The call over the limit is refused with 429
 * RATE_LIMITED and a Retry-After (the window's end, which calls never push out).
 */
export async function takeRecognitionSlot(cache: Cache, perMinute: number, address: string): Promise<void> {
  const key = keyOf(address);
  if ((await cache.incr(key, WINDOW_MS)) <= perMinute) return;
  const waitMs = await cache.ttl(key);
  throw new AppError('RATE_LIMITED', m.rateLimited, {
    body: { rateLimited: true },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}
