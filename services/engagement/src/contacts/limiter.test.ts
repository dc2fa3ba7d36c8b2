import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '@talkwith/platform/cache';
import { RATE_LIMITED_MESSAGE, reserveContactSlot, senderOf } from './limiter.ts';

const limits = { perSender: 2, perAddress: 3, windowMs: 60_000 };

describe('contact rate limiter', () => {
  it('reserveContactSlot, the sender limit reached, refuses the next form with 429 and rateLimited', async () => {
    const cache = await createMemoryCache();
    const sender = senderOf(randomUUID(), 'a@example.com');
    await reserveContactSlot(cache, limits, sender, '192.0.2.1');
    await reserveContactSlot(cache, limits, sender, '192.0.2.2');
    await expect(reserveContactSlot(cache, limits, sender, '192.0.2.3')).rejects.toMatchObject({
      code: 'RATE_LIMITED', status: 429, message: RATE_LIMITED_MESSAGE, body: { rateLimited: true },
    });
  });

  it('reserveContactSlot, a refused form, gives the address slot back for other senders', async () => {
    const cache = await createMemoryCache();
    const blocked = senderOf(randomUUID(), 'a@example.com');
    for (let i = 0; i < 2; i += 1) await reserveContactSlot(cache, limits, blocked, `198.51.100.${i}`);
    for (let i = 0; i < 5; i += 1) await expect(reserveContactSlot(cache, limits, blocked, '192.0.2.9')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    for (let i = 0; i < 3; i += 1) await reserveContactSlot(cache, limits, senderOf(randomUUID(), 'b@example.com'), '192.0.2.9');
    await expect(reserveContactSlot(cache, limits, senderOf(randomUUID(), 'c@example.com'), '192.0.2.9')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('reserveContactSlot, a refusal, carries Retry-After in whole seconds within the window', async () => {
    const cache = await createMemoryCache();
    const sender = senderOf(null, `${randomUUID()}@example.com`);
    for (let i = 0; i < 2; i += 1) await reserveContactSlot(cache, limits, sender, `198.51.100.${i}`);
    const refused = await reserveContactSlot(cache, limits, sender, '198.51.100.9').catch((err: unknown) => err);
    const seconds = Number((refused as { headers: Record<string, string> }).headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('senderOf, logged out, lower-cases and trims the address so case variants share one counter', () => {
    expect(senderOf(null, ' User@Example.COM ')).toBe(senderOf(null, 'user@example.com'));
  });

  it('senderOf, logged in, counts the account whatever address the form names', () => {
    expect(senderOf('u1', 'a@example.com')).toBe(senderOf('u1', 'b@example.com'));
    expect(senderOf('u1', 'a@example.com')).not.toBe(senderOf(null, 'a@example.com'));
  });
});
