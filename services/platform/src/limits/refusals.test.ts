import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.ts';
import { createMemoryCache } from '../cache/index.ts';
import { used, type Budget } from './budgets.ts';
import { limitFailures, rateLimited, reserveOrRefuse, waitInJapanese } from './refusals.ts';

const budgetOf = (max: number): Budget => ({ name: 'test.guess', key: randomUUID(), max, windowMs: 60_000 });
const wrong = () => Promise.reject(new AppError('NOT_FOUND', 'x'));

describe('refusals', () => {
  it('rateLimited, a wait of a minute, carries Retry-After, retry_after and the wait in the Japanese text', () => {
    const refused = rateLimited(60, (wait) => `${wait}後に再度お試しください。`);

    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: '1分後に再度お試しください。',
      body: { rateLimited: true, retry_after: 60 },
      headers: { 'retry-after': '60' },
    });
  });

  it('waitInJapanese, seconds and minutes, says them as a person would', () => {
    expect([1, 59, 60, 61, 900].map(waitInJapanese)).toEqual(['1秒', '59秒', '1分', '2分', '15分']);
  });

  it('reserveOrRefuse, past the budget, throws the 429 with the seconds left in the window', async () => {
    const cache = await createMemoryCache();
    const budget = budgetOf(1);
    await reserveOrRefuse(cache, [budget], 'over');

    const refused = await reserveOrRefuse(cache, [budget], 'over').catch((err: unknown) => err as AppError);

    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: 'over', headers: { 'retry-after': '60' } });
  });

  it("limitFailures, successes and server faults, gives their units back so only the caller's failures count", async () => {
    const cache = await createMemoryCache();
    const budget = budgetOf(2);

    await limitFailures(cache, [budget], 'over', () => Promise.resolve('ok'));
    await limitFailures(cache, [budget], 'over', () => Promise.reject(new Error('store down'))).catch(() => undefined);
    await limitFailures(cache, [budget], 'over', wrong).catch(() => undefined);
    await limitFailures(cache, [budget], 'over', () => Promise.resolve(false), { failedResult: (ok) => !ok });

    expect(await used(cache, budget)).toBe(2);
    await expect(limitFailures(cache, [budget], 'over', () => Promise.resolve('ok'))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('limitFailures, 20 parallel failures with a budget of 3, runs at most 3 attempts', async () => {
    const cache = await createMemoryCache();
    const budget = budgetOf(3);
    let ran = 0;

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        limitFailures(cache, [budget], 'over', () => {
          ran++;
          return wrong();
        }),
      ),
    );

    expect(ran).toBe(3);
    expect(
      results.filter((r) => r.status === 'rejected' && (r.reason as AppError).code === 'RATE_LIMITED'),
    ).toHaveLength(17);
  });
});
