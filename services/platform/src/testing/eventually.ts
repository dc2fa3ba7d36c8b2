import { vi } from 'vitest';

/**
 * Tests only: polls until `check` returns a truthy value (eventual consistency
 * across the bus) and returns it. vitest's `vi.waitFor` does the polling; it
 * counts any returned value as done, so a falsy one is turned into a retry here.
 * `what` names the condition in the time-out's message.
 */
export function eventually<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}
