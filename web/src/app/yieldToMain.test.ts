import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yieldToMain.ts';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the browser has scheduler.yield, resolves through it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });

    await yieldToMain();

    expect(schedulerYield).toHaveBeenCalledOnce();
  });

  it('without scheduler.yield, resolves after a macrotask, not in the same task', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('earlier task'), 0);

    await yieldToMain();
    order.push('after yield');

    expect(order).toEqual(['earlier task', 'after yield']);
  });
});
