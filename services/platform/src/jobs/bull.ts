import { randomUUID } from 'node:crypto';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { countFailedJob } from '../metrics/operations.ts';
import type { EnqueueOptions, JobHandler, JobQueue } from '../ports/index.ts';

export interface BullJobsOptions {
  url: string;
  /** Redis key prefix (default 'tw:jobs'). */
  prefix?: string;
  onError?(err: unknown): void;
  /** How often every repeating scheduler is declared again (default 60 s); also on each reconnect. */
  reassertEveryMs?: number;
}

interface Scheduler {
  name: string;
  data: unknown;
  everyMs: number;
}

interface Definition {
  handler: JobHandler<unknown>;
  concurrency: number;
}

// BullMQ rejects ':' in queue names and job ids and purely numeric job ids;
// ids like `expire:ticket:123` are encoded reversibly.
const encode = (id: string) => `j-${id.replaceAll('%', '%25').replaceAll(':', '%3A')}`;
const decode = (id: string) => (id.startsWith('j-') ? id.slice(2).replaceAll('%3A', ':').replaceAll('%25', '%') : id);

function connectionFrom(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null, // BullMQ workers block; they must not give up on a command
  };
}

/**
 * Jobs on BullMQ (JOBS_URL=redis://...): one Queue and one Worker per job
 * name. Finished jobs are removed, so a jobId dedupes while its job is waiting,
 * delayed or active (the same rule as the local adapter).
 */
export async function createBullJobs(options: BullJobsOptions): Promise<JobQueue> {
  const connection = connectionFrom(options.url);
  const prefix = options.prefix ?? 'tw:jobs';
  const onError = options.onError ?? ((err: unknown) => console.error('bullmq jobs:', err));
  const pinger = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await pinger.connect();
  const definitions = new Map<string, Definition>();
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  let started = false;
  // Redis restarted without persistence forgets every scheduler; upsertJobScheduler is idempotent by id, so
  // declaring them all again (on reconnect and on a timer) brings them back without a service restart.
  const schedulers = new Map<string, Scheduler>();
  const upsert = (repeatId: string, { name, data, everyMs }: Scheduler) =>
    queueFor(name).upsertJobScheduler(
      encode(repeatId),
      { every: everyMs },
      { name, data, opts: { removeOnComplete: true, removeOnFail: true } },
    );
  const reassert = () => Promise.all([...schedulers].map(([id, s]) => upsert(id, s))).catch(onError);
  pinger.on('ready', () => void reassert()); // added after the first connect: fires on reconnects only
  const timer = setInterval(() => void reassert(), options.reassertEveryMs ?? 60_000);
  timer.unref();

  const queueFor = (name: string): Queue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(encode(name), { connection, prefix });
      queue.on('error', onError);
      queues.set(name, queue);
    }
    return queue;
  };

  const startWorker = async (name: string, definition: Definition): Promise<void> => {
    queueFor(name);
    const worker = new Worker(
      encode(name),
      async (job) => definition.handler(job.data, { id: decode(job.id ?? ''), name, attempt: job.attemptsMade + 1 }),
      { connection, prefix, concurrency: definition.concurrency },
    );
    worker.on('error', onError);
    worker.on('failed', () => countFailedJob(name));
    workers.push(worker);
    await worker.waitUntilReady();
  };

  return {
    define(name, handler, defineOptions) {
      const definition = { handler: handler as JobHandler<unknown>, concurrency: defineOptions?.concurrency ?? 1 };
      definitions.set(name, definition);
      queueFor(name);
      if (started) void startWorker(name, definition).catch(onError);
    },
    async enqueue(name, data, enqueueOptions: EnqueueOptions = {}) {
      const id = enqueueOptions.jobId ?? randomUUID();
      await queueFor(name).add(name, data, {
        jobId: encode(id),
        delay: enqueueOptions.delayMs ?? 0,
        attempts: enqueueOptions.attempts ?? 3,
        backoff: { type: 'exponential', delay: enqueueOptions.backoffMs ?? 1000 },
        removeOnComplete: true,
        removeOnFail: true,
      });
      return id;
    },
    async repeat(name, data, { everyMs, repeatId }) {
      schedulers.set(repeatId, { name, data, everyMs });
      await upsert(repeatId, { name, data, everyMs });
    },
    async cancel(jobId) {
      schedulers.delete(jobId);
      let cancelled = false;
      for (const queue of queues.values()) {
        // remove() answers 1 for a missing job too, so look first; an active (locked) job cannot be removed.
        if ((await queue.getJob(encode(jobId))) && (await queue.remove(encode(jobId))) === 1) cancelled = true;
        // removeJobScheduler's boolean is not reliable across versions; look first.
        if (await queue.getJobScheduler(encode(jobId))) {
          await queue.removeJobScheduler(encode(jobId));
          cancelled = true;
        }
      }
      return cancelled;
    },
    async start() {
      if (started) return;
      started = true;
      await Promise.all([...definitions].map(([name, definition]) => startWorker(name, definition)));
    },
    async ping() {
      await pinger.ping();
    },
    async close() {
      clearInterval(timer);
      await Promise.all(workers.splice(0).map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
      queues.clear();
      await pinger.quit().catch(() => undefined);
    },
  };
}
