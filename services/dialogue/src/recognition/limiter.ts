import type { Cache } from '@talkwith/platform';
import { reserveOrRefuse } from '@talkwith/platform/limits';
import { recognitionMessages as m } from './messages.ts';

/**
 * The public recognition routes' budget per client address
 * (RECOGNITION_RATE_PER_MINUTE), on the platform's one limiter: a fixed
 * one-minute window in the cache port (every replica shares it, the address
 * only as a hash). The call over it is refused with 429 RATE_LIMITED and a
 * Retry-After (the window's end, which calls never push out). The insight
 * routes share this budget: one limit for everything a talk sends unauthenticated.
 */
export async function takeRecognitionSlot(cache: Cache, perMinute: number, address: string): Promise<void> {
  await reserveOrRefuse(
    cache,
    [{ name: 'recognition.address', key: address, max: perMinute, windowMs: 60_000 }],
    m.rateLimited,
  );
}
