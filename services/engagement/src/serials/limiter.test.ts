import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, type Cache } from '@talkwith/platform';
import { createMemoryCache } from '@talkwith/platform/cache';
import { createSerialLimiter, rateLimitedMessage, waitInJapanese } from './limiter.ts';

let cache: Cache;
beforeAll(async () => { cache = await createMemoryCache(); });
afterAll(async () => { await cache.close(); });

const wrongCode = () => Promise.reject(new AppError('SERIAL_NOT_FOUND', 'x', { status: 404 }));
const rightCode = () => Promise.resolve('redeemed');
const limiterOf = (maxFailures = 3, maxFailuresPerAddress = 100) => createSerialLimiter(cache, { maxFailures, maxFailuresPerAddress, windowMs: 60_000 });

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    return String(await promise);
  } catch (err) {
    return (err as AppError).code;
  }
}

describe('serial limiter', () => {
  it('guard, three wrong codes with a limit of 3, lets all three through and refuses the fourth attempt with 429', async () => {
    const limiter = limiterOf();
    const account = randomUUID();
    for (let i = 0; i < 3; i++) expect(await outcome(limiter.guard(account, '198.51.100.1', wrongCode))).toBe('SERIAL_NOT_FOUND');
    const refused = await limiter.guard(account, '198.51.100.1', rightCode).catch((err: unknown) => err as AppError);
    expect(refused).toBeInstanceOf(AppError);
    const retryAfter = Number((refused as AppError).headers?.['retry-after']);
    expect(retryAfter).toBe(60);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: rateLimitedMessage(60), body: { rateLimited: true, retry_after: 60 } });
    expect((refused as AppError).message).toBe('入力回数の上限を超えたため、一時的に制限されています。1分後に再度お試しください。');
  });

  it('guard, successes between failures, gives their slots back so only failures count', async () => {
    const limiter = limiterOf();
    const account = randomUUID();
    for (let i = 0; i < 5; i++) expect(await outcome(limiter.guard(account, '198.51.100.2', rightCode))).toBe('redeemed');
    for (let i = 0; i < 3; i++) expect(await outcome(limiter.guard(account, '198.51.100.2', wrongCode))).toBe('SERIAL_NOT_FOUND');
    expect(await outcome(limiter.guard(account, '198.51.100.2', rightCode))).toBe('RATE_LIMITED');
  });

  it('guard, 20 parallel wrong codes with a limit of 3, runs at most 3 of them', async () => {
    const limiter = limiterOf();
    const account = randomUUID();
    let ran = 0;
    const counted = () => { ran++; return wrongCode(); };
    const results = await Promise.all(Array.from({ length: 20 }, () => outcome(limiter.guard(account, '198.51.100.3', counted))));
    expect(ran).toBe(3);
    expect(results.filter((r) => r === 'RATE_LIMITED')).toHaveLength(17);
  });

  it('guard, many accounts from one address, refuses at the address limit and not another address', async () => {
    const limiter = limiterOf(3, 5);
    const address = `203.0.113.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < 5; i++) expect(await outcome(limiter.guard(randomUUID(), address, wrongCode))).toBe('SERIAL_NOT_FOUND');
    expect(await outcome(limiter.guard(randomUUID(), address, rightCode))).toBe('RATE_LIMITED');
    expect(await outcome(limiter.guard(randomUUID(), '192.0.2.77', rightCode))).toBe('redeemed');
  });

  it('guard, a refusal, does not count itself (the limit stays at exactly N failures)', async () => {
    const limiter = limiterOf(2);
    const account = randomUUID();
    for (let i = 0; i < 2; i++) await outcome(limiter.guard(account, '198.51.100.4', wrongCode));
    for (let i = 0; i < 5; i++) await outcome(limiter.guard(account, '198.51.100.4', rightCode));
    expect(await cache.get(`serial:acct:${account}`)).toBe('2');
  });

  it('guard, answers listed as uncounted (already received), give their slots back', async () => {
    const limiter = createSerialLimiter(cache, { maxFailures: 2, maxFailuresPerAddress: 100, windowMs: 60_000, uncounted: new Set(['SERIAL_ALREADY_UNLOCKED']) });
    const account = randomUUID();
    const already = () => Promise.reject(new AppError('SERIAL_ALREADY_UNLOCKED', 'x', { status: 409 }));
    for (let i = 0; i < 5; i++) expect(await outcome(limiter.guard(account, '198.51.100.6', already))).toBe('SERIAL_ALREADY_UNLOCKED');
    expect(await outcome(limiter.guard(account, '198.51.100.6', wrongCode))).toBe('SERIAL_NOT_FOUND');
    expect(await outcome(limiter.guard(account, '198.51.100.6', wrongCode))).toBe('SERIAL_NOT_FOUND');
    expect(await outcome(limiter.guard(account, '198.51.100.6', wrongCode))).toBe('RATE_LIMITED');
  });

  it('waitInJapanese, seconds and minutes, says them as a person would', () => {
    expect([1, 59, 60, 61, 900].map(waitInJapanese)).toEqual(['1秒', '59秒', '1分', '2分', '15分']);
  });

  it('guard, a server fault during the attempt, is not held against the caller', async () => {
    const limiter = limiterOf(1);
    const account = randomUUID();
    const fault = () => Promise.reject(new Error('store down'));
    await expect(limiter.guard(account, '198.51.100.5', fault)).rejects.toThrow('store down');
    expect(await outcome(limiter.guard(account, '198.51.100.5', rightCode))).toBe('redeemed');
  });
});
