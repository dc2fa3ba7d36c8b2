import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../ports/index.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { runJobsContract } from './contract.ts';
import { createLocalJobs, type JobDoc } from './local.ts';

let dir: string;
let store: DocumentStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'talkwith-jobs-'));
  store = await createEmbeddedStore({ dir });
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

runJobsContract('local (embedded store)', () => createLocalJobs({ store, lockMs: 5000 }));

describe('local jobs, crash safety', () => {
  it('job, claimed by a process that died, runs again once its lock expired', async () => {
    const now = Date.now();
    const orphan: JobDoc = {
      _id: `orphan-${now}`,
      name: 'orphaned',
      data: { n: 1 },
      status: 'running',
      runAt: now - 1000,
      attempts: 1,
      maxAttempts: 3,
      backoffMs: 10,
      lockedUntil: now + 150,
      lockToken: 'dead-process',
      repeatEveryMs: null,
      lastError: null,
    };
    await store.collection<JobDoc>('jobs').insertOne(orphan);
    const queue = await createLocalJobs({ store, lockMs: 5000 });
    const attempts: Array<{ at: number; attempt: number }> = [];
    queue.define('orphaned', async (_data, job) => void attempts.push({ at: Date.now(), attempt: job.attempt }));
    await queue.start();
    const deadline = Date.now() + 3000;
    while (attempts.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await queue.close();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.at).toBeGreaterThanOrEqual(now + 150);
    expect(attempts[0]!.attempt).toBe(2);
  });
});

describe('local jobs, lock renewal', () => {
  it('job, running longer than its lock while a second process polls the same store, runs once', async () => {
    const name = `long-${Date.now()}`;
    const [first, second] = [
      await createLocalJobs({ store, lockMs: 2000 }),
      await createLocalJobs({ store, lockMs: 2000 }),
    ];
    let runs = 0;
    for (const queue of [first, second]) {
      queue.define(name, async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 3500));
      });
    }
    await first.start();
    await first.enqueue(name, {});
    await second.start();

    await new Promise((r) => setTimeout(r, 4500));
    await Promise.all([first.close(), second.close()]);

    expect(runs).toBe(1);
  }, 15_000);
});
