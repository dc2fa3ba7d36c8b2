import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsRegistry } from '../metrics/operations.ts';
import { startRedisServer, type RunningRedis } from '../testing/index.ts';
import { createBullJobs } from './bull.ts';

// Redis restarted without persistence = every key gone (FLUSHALL) and, for a real restart, every connection dropped.

let redis: RunningRedis;
let admin: Redis;
beforeAll(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url);
});
afterAll(async () => {
  admin?.disconnect();
  await redis?.stop();
});

async function waitFor(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('bullmq jobs across a Redis that lost its data', () => {
  it('repeating scheduler, Redis data lost, is declared again by the timer and runs again', async () => {
    const jobs = await createBullJobs({
      url: redis.url,
      prefix: `tw${randomUUID().slice(0, 6)}`,
      reassertEveryMs: 200,
    });
    let runs = 0;
    jobs.define('sweep', async () => void runs++);
    await jobs.start();
    await jobs.repeat('sweep', {}, { everyMs: 100, repeatId: 'sweep' });
    await waitFor(() => runs >= 1);

    await admin.flushall();
    const before = runs;
    await waitFor(() => runs >= before + 2);
    await jobs.close();
    expect(runs).toBeGreaterThanOrEqual(before + 2);
  });

  it('repeating scheduler, Redis data lost and connections dropped, is declared again on reconnect', async () => {
    const jobs = await createBullJobs({
      url: redis.url,
      prefix: `tw${randomUUID().slice(0, 6)}`,
      reassertEveryMs: 600_000,
    });
    let runs = 0;
    jobs.define('renewals', async () => void runs++);
    await jobs.start();
    await jobs.repeat('renewals', {}, { everyMs: 100, repeatId: 'renewals' });
    await waitFor(() => runs >= 1);

    await admin.flushall();
    await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    const before = runs;
    await waitFor(() => runs >= before + 2);
    await jobs.close();
    expect(runs).toBeGreaterThanOrEqual(before + 2);
  });

  it('job, failing, counts talkwith_jobs_failed_total for its name', async () => {
    const jobs = await createBullJobs({ url: redis.url, prefix: `tw${randomUUID().slice(0, 6)}` });
    const name = `broken-${randomUUID().slice(0, 6)}`;
    jobs.define(name, async () => {
      throw new Error('boom');
    });
    await jobs.start();
    await jobs.enqueue(name, {}, { attempts: 2, backoffMs: 10 });
    const failed = async () =>
      (await operationsRegistry.getSingleMetric('talkwith_jobs_failed_total')!.get()).values.find(
        (v) => v.labels.job === name,
      )?.value ?? 0;
    const deadline = Date.now() + 8000;
    while ((await failed()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await jobs.close();
    expect(await failed()).toBe(2);
  });
});
