import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobQueue } from '../ports/index.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/**
 * The behaviour every JobQueue adapter must show. Two `makeJobs()` calls must
 * share their backing storage (they model a process and its restart).
 */
export function runJobsContract(adapterName: string, makeJobs: () => Promise<JobQueue>): void {
  describe(`JobQueue contract: ${adapterName}`, () => {
    const opened: JobQueue[] = [];
    const open = async () => {
      const queue = await makeJobs();
      opened.push(queue);
      return queue;
    };
    const jobName = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((q) => q.close()));
    });

    it('enqueue, started queue, runs the handler with data and job info', async () => {
      const queue = await open();
      const name = jobName('basic');
      const runs: Array<{ data: unknown; attempt: number; id: string; name: string }> = [];
      queue.define<{ n: number }>(name, async (data, job) => void runs.push({ data, ...job }));
      await queue.start();
      const id = await queue.enqueue(name, { n: 7 });
      await waitFor(() => runs.length === 1);
      expect(runs[0]).toEqual({ data: { n: 7 }, attempt: 1, id, name });
    });

    it('enqueue with delayMs, runs only after the delay', async () => {
      const queue = await open();
      const name = jobName('delayed');
      let ranAt = 0;
      queue.define(name, async () => void (ranAt = Date.now()));
      await queue.start();
      const enqueuedAt = Date.now();
      await queue.enqueue(name, {}, { delayMs: 300 });
      await waitFor(() => ranAt > 0);
      expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(280);
    });

    it('enqueue, same jobId twice, runs once', async () => {
      const queue = await open();
      const name = jobName('dedupe');
      let runs = 0;
      queue.define(name, async () => void runs++);
      await queue.start();
      const jobId = `expire:ticket:${randomUUID()}`;
      expect(await queue.enqueue(name, {}, { jobId, delayMs: 150 })).toBe(jobId);
      expect(await queue.enqueue(name, {}, { jobId, delayMs: 150 })).toBe(jobId);
      await waitFor(() => runs === 1);
      await sleep(300);
      expect(runs).toBe(1);
    });

    it('job, failing twice, is retried with back-off and succeeds on attempt 3', async () => {
      const queue = await open();
      const name = jobName('retry');
      const attempts: number[] = [];
      queue.define(name, async (_data, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error('not yet');
      });
      await queue.start();
      await queue.enqueue(name, {}, { attempts: 3, backoffMs: 20 });
      await waitFor(() => attempts.length === 3);
      await sleep(200);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('job, always failing, stops after its attempts', async () => {
      const queue = await open();
      const name = jobName('exhausted');
      let runs = 0;
      queue.define(name, async () => {
        runs++;
        throw new Error('broken');
      });
      await queue.start();
      await queue.enqueue(name, {}, { attempts: 2, backoffMs: 10 });
      await waitFor(() => runs === 2);
      await sleep(300);
      expect(runs).toBe(2);
    });

    it('repeat, declared then re-declared, runs repeatedly with the newest data until cancelled', async () => {
      const queue = await open();
      const name = jobName('repeat');
      const seen: string[] = [];
      queue.define<{ v: string }>(name, async (data) => void seen.push(data.v));
      await queue.start();
      const repeatId = `renewals-${randomUUID()}`;
      await queue.repeat(name, { v: 'a' }, { everyMs: 100, repeatId });
      await waitFor(() => seen.length >= 2);
      await queue.repeat(name, { v: 'b' }, { everyMs: 100, repeatId });
      await waitFor(() => seen.filter((v) => v === 'b').length >= 2);
      expect(await queue.cancel(repeatId)).toBe(true);
      await sleep(150);
      const count = seen.length;
      await sleep(300);
      expect(seen.length).toBe(count);
    });

    it('cancel, delayed job, never runs; unknown id returns false', async () => {
      const queue = await open();
      const name = jobName('cancel');
      let runs = 0;
      queue.define(name, async () => void runs++);
      await queue.start();
      const id = await queue.enqueue(name, {}, { delayMs: 200 });
      expect(await queue.cancel(id)).toBe(true);
      expect(await queue.cancel(`missing-${randomUUID()}`)).toBe(false);
      await sleep(400);
      expect(runs).toBe(0);
    });

    it('queue, closed while a handler runs, resolves after it finished', async () => {
      const queue = await open();
      const name = jobName('close');
      let started = false;
      let finished = false;
      queue.define(name, async () => {
        started = true;
        await sleep(200);
        finished = true;
      });
      await queue.start();
      await queue.enqueue(name, {});
      await waitFor(() => started);
      await queue.close();
      expect(finished).toBe(true);
    });

    it('delayed job, queue restarted before it was due, runs in the new queue', async () => {
      const name = jobName('restart');
      const first = await open();
      first.define(name, async () => undefined);
      await first.enqueue(name, { from: 'first' }, { delayMs: 150 });
      await first.close();
      const second = await open();
      const runs: unknown[] = [];
      second.define(name, async (data) => void runs.push(data));
      await second.start();
      await waitFor(() => runs.length === 1);
      expect(runs).toEqual([{ from: 'first' }]);
    });

    it('queue, ping, resolves while connected', async () => {
      const queue = await open();
      await expect(queue.ping()).resolves.toBeUndefined();
    });
  });
}
