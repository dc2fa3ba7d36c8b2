/**
 * Tests only: polls until `check` returns a truthy value (eventual consistency
 * across the bus) and returns it. vitest's `vi.waitFor` does the polling; it
 * counts any returned value as done, so a falsy one is turned into a retry here.
 * `what` names the condition in the time-out's message.
 */
export async function eventually<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<T> {
  // Imported on call: benches run by node import test helpers that use this (identity's test app), and importing
  // vitest outside its runner throws, which stopped `npm run bench` before any row.
  const { vi } = await import('vitest');
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}
