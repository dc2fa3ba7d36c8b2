import { createHash } from 'node:crypto';
import type { Cache } from '../ports/index.ts';

/**
 * The one limiter of the services: fixed-window budgets counted in the cache
 * port (Redis in production, so every replica shares them; in-process when
 * standalone). @fastify/rate-limit counts requests per route; what the
 * product needs besides is budgets that count only some outcomes (failed
 * guesses, stored bytes), several at once (per account, per address, for
 * everyone), reserved before the work so parallel calls cannot all pass a
 * check made before any of them finished, and given back when the work turns
 * out not to count. `refusals.ts` builds the one 429 on it. The gateway
 * socket's per-address frame windows stay on `cache.incr` for speed (see
 * gateway/src/socket/budgets.ts).
 */
export interface Budget {
  /** Names the counter in logs and refusals, e.g. `login.account`. */
  name: string;
  /** Whose budget: an account id, an address, `*` for everyone. Hashed before it reaches the cache. */
  key: string;
  /** Units allowed per window. */
  max: number;
  windowMs: number;
}

export type Reservation =
  { ok: true; giveBack(): Promise<void> } | { ok: false; budget: string; retryAfterSeconds: number };

/** The cache key of a budget: its name and a hash of whose it is (the cache is no place for addresses or e-mails). */
export function budgetKey(budget: Pick<Budget, 'name' | 'key'>): string {
  return `limit:${budget.name}:${createHash('sha256').update(budget.key).digest('base64url').slice(0, 22)}`;
}

/**
 * Takes `cost` units from every budget, in order. When one is over, the
 * units taken so far are given back (a refused call spends nothing, so an
 * account limited on its own does not eat the budget of its address) and the
 * refusal says which budget and how long until its window ends.
 */
export async function reserve(cache: Cache, budgets: readonly Budget[], cost = 1): Promise<Reservation> {
  const taken: Budget[] = [];
  // Given back with a 1 ms TTL: if the window ended meanwhile, the recreated key (negative) vanishes at once.
  const giveBack = async () => {
    await Promise.all(taken.map((b) => cache.incr(budgetKey(b), 1, -cost)));
  };
  for (const budget of budgets) {
    taken.push(budget);
    if ((await cache.incr(budgetKey(budget), budget.windowMs, cost)) > budget.max) {
      const left = await cache.ttl(budgetKey(budget));
      await giveBack();
      return {
        ok: false,
        budget: budget.name,
        retryAfterSeconds: Math.max(1, Math.ceil((left > 0 ? left : budget.windowMs) / 1000)),
      };
    }
  }
  return { ok: true, giveBack };
}

/** What is used of a budget in its current window (0 when none), without taking anything. */
export async function used(cache: Cache, budget: Pick<Budget, 'name' | 'key'>): Promise<number> {
  return Number((await cache.get(budgetKey(budget))) ?? 0);
}
