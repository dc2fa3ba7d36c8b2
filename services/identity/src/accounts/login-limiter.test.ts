import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '@talkwith/platform/cache';
import { createLoginLimiter, type LoginAttempt, type LoginLimitOptions } from './login-limiter.ts';

/** A clock the limiter's delays advance instead of waiting; each sleep yields one turn of the event loop so a test can act meanwhile. */
function fakeClock() {
  let at = Date.now();
  const clock = {
    slept: 0,
    now: () => at,
    sleep: async (ms: number) => {
      at += ms;
      clock.slept += 1;
      await new Promise((resolve) => setImmediate(resolve));
    },
    pass: (ms: number) => {
      at += ms;
    },
  };
  return clock;
}

/** Resolves once `attempt` has settled or started waiting (slept), whichever comes first. */
async function waitingOrSettled(attempt: Promise<unknown>, clock: ReturnType<typeof fakeClock>) {
  let settled = false;
  void attempt.then(() => {
    settled = true;
  });
  while (!settled && clock.slept === 0) await new Promise((resolve) => setImmediate(resolve));
}

async function limiter(options: Partial<LoginLimitOptions> = {}) {
  const clock = fakeClock();
  const cache = await createMemoryCache();
  return {
    clock,
    limiter: createLoginLimiter(cache, {
      maxFailures: 3,
      maxFailuresPerAddress: 50,
      windowMs: 15 * 60_000,
      now: clock.now,
      sleep: clock.sleep,
      ...options,
    }),
  };
}

async function failFrom(
  l: Awaited<ReturnType<typeof limiter>>['limiter'],
  account: string,
  address: string,
  times: number,
) {
  for (let i = 0; i < times; i++) await (await l.reserve(account, address))!.fail();
}

describe('login limiter', () => {
  it('reserve, 3 failures from 3 addresses a stranger at once refused, one 1 s later admitted after the delay passed (1 s), the next refused at once', async () => {
    const { limiter: l, clock } = await limiter({ maxWaitMs: 0 });
    const account = randomUUID();
    await failFrom(l, account, '198.51.100.1', 1);
    await failFrom(l, account, '198.51.100.2', 1);
    await failFrom(l, account, '198.51.100.3', 1);

    const atOnce = await l.reserve(account, '203.0.113.1');
    clock.pass(1000);
    const later = await l.reserve(account, '203.0.113.2');
    await later?.fail();
    const next = await l.reserve(account, '203.0.113.3');

    expect(atOnce).toBeNull();
    expect(later).not.toBeNull();
    expect(next).toBeNull();
  });

  it('reserve, account slowed by strangers (5 failures, next delay 4 s), a known device admitted at once every time', async () => {
    const { limiter: l, clock } = await limiter();
    const account = randomUUID();
    for (let i = 0; i < 5; i++) await failFrom(l, account, `198.51.100.${i}`, 1);
    const started = clock.now();

    const known: Array<LoginAttempt | null> = [];
    for (let i = 0; i < 5; i++) {
      const attempt = await l.reserve(account, '203.0.113.9', 'device-1');
      known.push(attempt);
      await attempt?.release();
    }

    expect(known.every((a) => a !== null)).toBe(true);
    expect(clock.now()).toBe(started);
    expect(await l.reserve(account, '203.0.113.10')).toBeNull();
  });

  it('reserve, a known device after its own 3 failures, refused; another device of the owner not', async () => {
    const { limiter: l } = await limiter();
    const account = randomUUID();
    for (let i = 0; i < 3; i++) await (await l.reserve(account, '203.0.113.9', 'device-1'))!.fail();

    expect(await l.reserve(account, '203.0.113.9', 'device-1')).toBeNull();
    expect(await l.reserve(account, '203.0.113.9', 'device-2')).not.toBeNull();
  });

  it('reserve, 3 attempts in flight on the account (delay would be 10 s), a 4th is not counted as a failure: it waits for a slot and is admitted when one is released', async () => {
    const { limiter: l, clock } = await limiter({ baseDelayMs: 10_000 });
    const account = randomUUID();
    const inFlight = await Promise.all([1, 2, 3].map((i) => l.reserve(account, `198.51.100.${i}`)));

    const fourth = l.reserve(account, '198.51.100.4');
    await waitingOrSettled(fourth, clock);
    await inFlight[0]!.release();

    expect(inFlight.every((a) => a !== null)).toBe(true);
    expect(await fourth).not.toBeNull();
  });

  it('reserve, 3 attempts in flight that all fail, a 4th waiting for a slot sees the delay and is refused past maxWait', async () => {
    const { limiter: l, clock } = await limiter({ baseDelayMs: 10_000, maxWaitMs: 3000 });
    const account = randomUUID();
    const inFlight = (await Promise.all([1, 2, 3].map((i) => l.reserve(account, `198.51.100.${i}`)))) as LoginAttempt[];

    const fourth = l.reserve(account, '198.51.100.4');
    await waitingOrSettled(fourth, clock);
    await Promise.all(inFlight.map((a) => a.fail()));

    expect(await fourth).toBeNull();
  });

  it('reserve, refused by the account delay, gives its per-address unit back', async () => {
    const { limiter: l } = await limiter({ maxWaitMs: 0, maxFailuresPerAddress: 1 });
    const account = randomUUID();
    await failFrom(l, account, '198.51.100.1', 1);
    await failFrom(l, account, '198.51.100.2', 1);
    await failFrom(l, account, '198.51.100.3', 1);

    expect(await l.reserve(account, '203.0.113.1')).toBeNull();
    expect(await l.reserve(randomUUID(), '203.0.113.1')).not.toBeNull();
  });
});
