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

runJobsContract('local (embedded store)', () => createLocalJobs({ store, pollMs: 20, lockMs: 1000 }));

describe('local jobs, crash safety', () => {
  it('job, claimed by a process that died, runs again once its lock expired', async () => {
    const now = Date.now();
    const orphan: JobDoc = {
      _id: `orphan-${now}`, name: 'orphaned', data: { n: 1 }, status: 'running', runAt: now - 1000, attempts: 1,
      maxAttempts: 3, backoffMs: 10, lockedUntil: now + 150, lockToken: 'dead-process', repeatEveryMs: null, lastError: null,
    };
    await store.collection<JobDoc>('jobs').insertOne(orphan);
    const queue = await createLocalJobs({ store, pollMs: 20, lockMs: 1000 });
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
