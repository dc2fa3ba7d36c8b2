import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '@talkwith/platform/cache';
import { LineBudgets, lineBytes, type LineBudgetLimits } from './line-budgets.ts';

const roomy: LineBudgetLimits = {
  LOG_ACCOUNT_LINES_PER_MINUTE: 1000,
  LOG_ACCOUNT_BYTES_PER_MINUTE: 1_000_000,
  LOG_GLOBAL_LINES_PER_MINUTE: 1000,
  LOG_GLOBAL_BYTES_PER_MINUTE: 1_000_000,
};
const line = (user_id: string | null, message = 'x') => ({ user_id, type: 'play' as const, message });

async function admitMany(budgets: LineBudgets, lines: Array<ReturnType<typeof line>>): Promise<Array<string | null>> {
  const results: Array<string | null> = [];
  for (const l of lines) results.push(await budgets.admit(l));
  return results;
}

describe('LineBudgets', () => {
  it('admit, one account past its lines a minute, refuses the rest by the account budget', async () => {
    const budgets = new LineBudgets(await createMemoryCache(), { ...roomy, LOG_ACCOUNT_LINES_PER_MINUTE: 3 });
    const user = randomUUID();

    const results = await admitMany(
      budgets,
      Array.from({ length: 5 }, () => line(user)),
    );

    expect(results).toEqual([null, null, null, 'logging.lines.account', 'logging.lines.account']);
  });

  it('admit, an account over its budget, leaves another account its own', async () => {
    const budgets = new LineBudgets(await createMemoryCache(), { ...roomy, LOG_ACCOUNT_LINES_PER_MINUTE: 1 });
    await admitMany(budgets, [line('a'), line('a'), line('a')]);

    expect(await budgets.admit(line('b'))).toBeNull();
  });

  it('admit, one account past its bytes a minute, refuses by the byte budget and gives its line back', async () => {
    const cache = await createMemoryCache();
    const budgets = new LineBudgets(cache, {
      ...roomy,
      LOG_ACCOUNT_BYTES_PER_MINUTE: 4096,
      LOG_ACCOUNT_LINES_PER_MINUTE: 2,
    });
    const user = randomUUID();

    const big = await budgets.admit(line(user, 'あ'.repeat(1000)));
    const tooBig = await budgets.admit(line(user, 'x'.repeat(2000)));
    const small = await budgets.admit(line(user, 'ok'));

    // 3,000 bytes, then 2,000 more is over 4,096: that line's unit of the 2-line budget was given back, so a small line still fits.
    expect([big, tooBig, small]).toEqual([null, 'logging.bytes.account', null]);
  });

  it('admit, many accounts together past the global budget, refuses every account, anonymous lines too', async () => {
    const budgets = new LineBudgets(await createMemoryCache(), { ...roomy, LOG_GLOBAL_LINES_PER_MINUTE: 4 });

    const results = await admitMany(budgets, [line('a'), line('b'), line('c'), line(null), line('d'), line(null)]);

    expect(results).toEqual([null, null, null, null, 'logging.lines.global', 'logging.lines.global']);
  });

  it('admit, an account refused on its own budget, spends nothing of the global one', async () => {
    const budgets = new LineBudgets(await createMemoryCache(), {
      ...roomy,
      LOG_ACCOUNT_LINES_PER_MINUTE: 1,
      LOG_GLOBAL_LINES_PER_MINUTE: 2,
    });
    await admitMany(budgets, [line('a'), line('a'), line('a'), line('a')]);

    expect(await budgets.admit(line('b'))).toBeNull();
  });

  it('admitBatch, lines of several accounts that all fit, admits every one and spends each account its lines', async () => {
    const budgets = new LineBudgets(await createMemoryCache(), { ...roomy, LOG_ACCOUNT_LINES_PER_MINUTE: 3 });

    const verdicts = await budgets.admitBatch([line('a'), line('b'), line('a'), line(null), line('a')]);
    const afterwards = await budgets.admit(line('a'));

    expect(verdicts).toEqual([null, null, null, null, null]);
    expect(afterwards).toBe('logging.lines.account');
  });

  it('admitBatch, one account past its budget inside a batch, admits the lines that fit in order and refuses the rest', async () => {
    const budgets = new LineBudgets(await createMemoryCache(), { ...roomy, LOG_ACCOUNT_LINES_PER_MINUTE: 2 });

    const verdicts = await budgets.admitBatch([line('a'), line('b'), line('a'), line('a'), line('b')]);

    expect(verdicts).toEqual([null, null, null, 'logging.lines.account', null]);
  });

  it('admitBatch, a batch past the global budget, admits exactly the global budget', async () => {
    const budgets = new LineBudgets(await createMemoryCache(), { ...roomy, LOG_GLOBAL_LINES_PER_MINUTE: 4 });

    const verdicts = await budgets.admitBatch(Array.from({ length: 6 }, (_, i) => line(`u${i % 3}`)));

    expect(verdicts.filter((v) => v === null)).toHaveLength(4);
    expect(verdicts.filter((v) => v === 'logging.lines.global')).toHaveLength(2);
  });

  it('lineBytes, message, character id and extra, counts their UTF-8 bytes', () => {
    expect(lineBytes({ user_id: 'u', type: 'error', message: 'あ', character_id: 'c1', extra: { a: 1 } })).toBe(
      3 + 2 + 7,
    );
  });
});
