import { createHash } from 'node:crypto';
import { AppError, type Cache } from '@talkwith/platform';

export interface ContactLimits {
  /** Forms one sender (an account, or logged out an e-mail address) may send in a window. */
  perSender: number;
  /** Forms one client address may send in a window. */
  perAddress: number;
  windowMs: number;
}

export const RATE_LIMITED_MESSAGE = 'お問い合わせの送信回数が上限に達したため、一時的に制限されています。しばらくしてから再度お試しください。';

/** Who sends: the account when logged in, else the address typed into the form (lower-cased, so case tricks do not add slots). */
export function senderOf(userId: string | null, email: string): string {
  return userId === null ? `email:${email.trim().toLowerCase()}` : `user:${userId}`;
}

// Cache keys hold a hash, not the e-mail address or IP itself: the cache is not a place for personal data.
const keyOf = (kind: 'sender' | 'address', value: string) => `engagement:contact:${kind}:${createHash('sha256').update(value).digest('base64url')}`;

/**
 * Reserves one slot in two fixed-window counters (cache port: the window
 * starts at the first form and is not extended). The N-th form of a window is
 * accepted, the (N+1)-th refused with 429. A refused form gives both slots
 * back, so hammering one counter does not use up the other (an account
 * limited on its own does not eat the budget of everyone behind its address).
 */
export async function reserveContactSlot(cache: Cache, limits: ContactLimits, sender: string, address: string): Promise<void> {
  const counters = [
    { key: keyOf('sender', sender), max: limits.perSender },
    { key: keyOf('address', address), max: limits.perAddress },
  ];
  const counts = await Promise.all(counters.map(({ key }) => cache.incr(key, limits.windowMs)));
  const over = counters.filter((counter, i) => counts[i]! > counter.max);
  if (over.length === 0) return;
  await Promise.all(counters.map(({ key }) => cache.incr(key, limits.windowMs, -1)));
  const waitMs = Math.max(...(await Promise.all(over.map(({ key }) => cache.ttl(key)))), 1000);
  throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, {
    body: { rateLimited: true },
    headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
  });
}
