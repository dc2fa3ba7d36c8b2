import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../cache/index.ts';
import { budgetKey, reserve, used, type Budget } from './budgets.ts';

const budgetsOf = (account: string, address: string): Budget[] => [
  { name: 'test.account', key: account, max: 2, windowMs: 60_000 },
  { name: 'test.address', key: address, max: 3, windowMs: 60_000 },
];

describe('reserve', () => {
  it('reserve, within every budget, takes one unit from each', async () => {
    const cache = await createMemoryCache();
    const [account, address] = [randomUUID(), randomUUID()];

    const reservation = await reserve(cache, budgetsOf(account, address));

    expect(reservation.ok).toBe(true);
    expect(await used(cache, { name: 'test.account', key: account })).toBe(1);
    expect(await used(cache, { name: 'test.address', key: address })).toBe(1);
  });

  it('reserve, past the first budget, refuses with its name and window and spends nothing of the others', async () => {
    const cache = await createMemoryCache();
    const [account, address] = [randomUUID(), randomUUID()];
    await reserve(cache, budgetsOf(account, address));
    await reserve(cache, budgetsOf(account, address));

    const refused = await reserve(cache, budgetsOf(account, address));

    expect(refused).toEqual({ ok: false, budget: 'test.account', retryAfterSeconds: 60 });
    expect(await used(cache, { name: 'test.account', key: account })).toBe(2);
    expect(await used(cache, { name: 'test.address', key: address })).toBe(2);
  });

  it('reserve, many at once on one budget, admits exactly its maximum', async () => {
    const cache = await createMemoryCache();
    const budget: Budget = { name: 'test.race', key: randomUUID(), max: 5, windowMs: 60_000 };

    const results = await Promise.all(Array.from({ length: 40 }, () => reserve(cache, [budget])));

    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  it('giveBack, after the work turned out not to count, returns the units to every budget', async () => {
    const cache = await createMemoryCache();
    const [account, address] = [randomUUID(), randomUUID()];
    const reservation = await reserve(cache, budgetsOf(account, address), 2);

    if (reservation.ok) await reservation.giveBack();

    expect(await used(cache, { name: 'test.account', key: account })).toBe(0);
    expect(await used(cache, { name: 'test.address', key: address })).toBe(0);
  });

  it('budgetKey, for an address or an e-mail, holds a hash and not the value', () => {
    const key = budgetKey({ name: 'contact.sender', key: 'someone@example.com' });

    expect(key).toMatch(/^limit:contact\.sender:[\w-]{22}$/);
    expect(key).not.toContain('example');
  });
});
