import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { engagementService } from '../index.ts';
import { serialTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService, {
    SERIAL_MAX_FAILURES: '3',
    SERIAL_MAX_FAILURES_PER_ADDRESS: '5',
  });
});
afterAll(async () => {
  await svc?.close();
});
const kit = serialTestKit(() => svc);

const wrongCode = () => `ZZZZ-ZZZZ-ZZZZ-${randomUUID().slice(0, 4).toUpperCase()}`;

describe('serial check rate limit, per account', () => {
  it('serial check, a wrong code, keeps neither the client address nor the account id in a cache key', async () => {
    const [userId, remoteAddress] = [randomUUID(), '198.18.77.201'];
    const incr = vi.spyOn(svc.platform.cache, 'incr');
    try {
      expect((await kit.redeem(userId, wrongCode(), { remoteAddress })).statusCode).toBe(404);
      const keys = incr.mock.calls.map(([key]) => key);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.includes(remoteAddress) || key.includes(userId))).toEqual([]);
    } finally {
      incr.mockRestore();
    }
  });

  it('serial check, 3 wrong codes with SERIAL_MAX_FAILURES=3, answers all three 404 and the 4th attempt 429 RATE_LIMITED with Retry-After and the wait in its message', async () => {
    const userId = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await kit.redeem(userId, wrongCode())).statusCode);
    expect(statuses).toEqual([404, 404, 404]);
    const res = await kit.redeem(userId, wrongCode());
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(840);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(res.json()).toEqual({
      ok: false,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      rateLimited: true,
      retry_after: retryAfter,
      message: '入力回数の上限を超えたため、一時的に制限されています。15分後に再度お試しください。',
    });
  });

  it('serial check, a redeemed code double-clicked 5 times (409 already received), uses no attempt: wrong codes are still allowed up to the limit', async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    expect((await kit.redeem(userId, code!)).statusCode).toBe(200);
    const again: string[] = [];
    for (let i = 0; i < 5; i++)
      again.push(
        ...(await Promise.all([kit.redeem(userId, code!), kit.redeem(userId, code!)])).map((r) => r.json().code),
      );
    expect(again).toEqual(Array(10).fill('SERIAL_ALREADY_UNLOCKED'));
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) wrong.push((await kit.redeem(userId, wrongCode())).statusCode);
    expect(wrong).toEqual([404, 404, 404]);
    expect((await kit.redeem(userId, wrongCode())).statusCode).toBe(429);
  });

  it('serial check, over the account limit, refuses a right code too (from any address) and leaves it unused', async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    for (let i = 0; i < 3; i++) await kit.redeem(userId, wrongCode());
    const res = await kit.redeem(userId, code!, { remoteAddress: kit.randomAddress() });
    expect(res.statusCode).toBe(429);
    expect((await kit.redeem(randomUUID(), code!)).statusCode).toBe(200);
  });

  it('serial check, 2 wrong codes then a right one, redeems (not before the limit) and the right one does not count', async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    for (let i = 0; i < 2; i++) expect((await kit.redeem(userId, wrongCode())).statusCode).toBe(404);
    expect((await kit.redeem(userId, code!)).statusCode).toBe(200);
    expect((await kit.redeem(userId, wrongCode())).statusCode).toBe(404);
    expect((await kit.redeem(userId, wrongCode())).statusCode).toBe(429);
  });

  it('serial check, 20 wrong codes from one account at once, lets at most 3 reach the lookup', async () => {
    const userId = randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => kit.redeem(userId, wrongCode())));
    expect(replies.filter((r) => r.statusCode === 404)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(17);
  });

  it('serial check, one account over its limit, does not limit another account', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 4; i++) await kit.redeem(userId, wrongCode());
    expect((await kit.redeem(randomUUID(), wrongCode())).statusCode).toBe(404);
  });
});

describe('serial check rate limit, per address', () => {
  it('serial check, 5 accounts failing once each from one address (limit 5), refuses a 6th account there with 429 and not from another address', async () => {
    const address = kit.randomAddress();
    for (let i = 0; i < 5; i++)
      expect((await kit.redeem(randomUUID(), wrongCode(), { remoteAddress: address })).statusCode).toBe(404);
    const limited = await kit.redeem(randomUUID(), wrongCode(), { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', rateLimited: true });
    expect((await kit.redeem(randomUUID(), wrongCode(), { remoteAddress: kit.randomAddress() })).statusCode).toBe(404);
  });

  it('serial check, an address over its limit, refuses a right code from a fresh account there', async () => {
    const coupon = await kit.generate();
    const [code] = await kit.codesOf(coupon.coupon_id);
    const address = kit.randomAddress();
    for (let i = 0; i < 5; i++) await kit.redeem(randomUUID(), wrongCode(), { remoteAddress: address });
    expect((await kit.redeem(randomUUID(), code!, { remoteAddress: address })).statusCode).toBe(429);
  });

  it('serial check, a foreign user_id (403) before the limiter, uses no attempt', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 10; i++)
      expect((await kit.redeem(userId, wrongCode(), { body: { user_id: randomUUID() } })).statusCode).toBe(403);
    expect((await kit.redeem(userId, wrongCode())).statusCode).toBe(404);
  });
});
