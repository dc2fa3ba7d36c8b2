import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { AppError, isAppError } from '../errors/index.ts';
import type { Collection, DocumentStore, EnqueueOptions, JobHandler, JobQueue } from '../ports/index.ts';
import { countFailedJob } from '../metrics/operations.ts';

export interface LocalJobsOptions {
  store: DocumentStore;
  /** A claimed job's lock, renewed every second while it runs; a dead process's jobs become due again after it (default 30 s). */
  lockMs?: number;
  onError?(err: unknown): void;
}

export type JobDoc = {
  _id: string;
  name: string;
  data: unknown;
  status: 'pending' | 'running' | 'failed';
  runAt: number;
  attempts: number;
  maxAttempts: number;
  backoffMs: number;
  /** 0 when free; a claim sets it to now + lockMs and every tick renews it while the job runs. */
  lockedUntil: number;
  lockToken: string | null;
  repeatEveryMs: number | null;
  lastError: string | null;
};

interface Definition {
  handler: JobHandler<unknown>;
  concurrency: number;
  running: number;
}

/** croner's finest step: jobs run at most a second late (repeats faster than that run every second). */
const EVERY_SECOND = '* * * * * *';

/**
 * Jobs persisted in the document store (collection `jobs`), so an acknowledged
 * enqueue survives a restart. Every second (croner), and right after an
 * enqueue, due jobs are claimed one at a time with findOneAndUpdate (atomic, so
 * several processes can share the collection). Finished jobs are deleted;
 * failed ones stay with status 'failed'. jobId dedupes while a job is pending or running.
 */
export async function createLocalJobs(options: LocalJobsOptions): Promise<JobQueue> {
  const jobs = options.store.collection<JobDoc>('jobs');
  await jobs.createIndex({ status: 1, name: 1, runAt: 1 });
  const lockMs = options.lockMs ?? 30_000;
  const onError = options.onError ?? ((err: unknown) => console.error('local jobs:', err));
  const definitions = new Map<string, Definition>();
  const running = new Map<string, Promise<void>>(); // by lock token
  let ticker: Cron | null = null;
  let tick: Promise<void> | null = null;
  let stopped = false;

  async function claimDueJobs(): Promise<void> {
    const now = Date.now();
    if (running.size > 0)
      await jobs.updateMany({ lockToken: { $in: [...running.keys()] } }, { $set: { lockedUntil: now + lockMs } });
    for (const [name, definition] of definitions) {
      while (definition.running < definition.concurrency && !stopped) {
        const job = await jobs.findOneAndUpdate(
          { name, status: { $in: ['pending', 'running'] }, runAt: { $lte: now }, lockedUntil: { $lt: now } },
          { $set: { status: 'running', lockedUntil: now + lockMs, lockToken: randomUUID() }, $inc: { attempts: 1 } },
          { sort: { runAt: 1 } },
        );
        if (!job) break;
        const token = job.lockToken!;
        running.set(
          token,
          execute(jobs, job, definition)
            .catch(onError)
            .finally(() => running.delete(token)),
        );
      }
    }
  }

  // One tick at a time, whether croner or an enqueue asked for it.
  const wake = (): Promise<void> =>
    (tick ??= claimDueJobs()
      .catch(onError)
      .finally(() => (tick = null)));

  return {
    define(name, handler, defineOptions) {
      definitions.set(name, {
        handler: handler as JobHandler<unknown>,
        concurrency: defineOptions?.concurrency ?? 1,
        running: 0,
      });
    },
    async enqueue(name, data, enqueueOptions: EnqueueOptions = {}) {
      const id = enqueueOptions.jobId ?? randomUUID();
      const fresh = {
        name,
        data,
        status: 'pending' as const,
        runAt: Date.now() + (enqueueOptions.delayMs ?? 0),
        attempts: 0,
        maxAttempts: enqueueOptions.attempts ?? 3,
        backoffMs: enqueueOptions.backoffMs ?? 1000,
        lockedUntil: 0,
        lockToken: null,
        repeatEveryMs: null,
        lastError: null,
      };
      // A failed job with the same id is replaced; a pending or running one wins (dedupe).
      if (await jobs.findOneAndUpdate({ _id: id, status: 'failed' }, { $set: fresh })) return id;
      try {
        await jobs.insertOne({ _id: id, ...fresh });
      } catch (err) {
        if (!(isAppError(err) && err.code === 'DUPLICATE_KEY')) throw err;
      }
      if (ticker?.isRunning()) void wake();
      return id;
    },
    async repeat(name, data, { everyMs, repeatId }) {
      if (!(everyMs > 0)) throw new AppError('VALIDATION_FAILED', 'everyMs must be positive');
      await jobs.updateOne(
        { _id: repeatKey(repeatId) },
        {
          $set: { name, data, repeatEveryMs: everyMs, maxAttempts: 1, backoffMs: 0 },
          $min: { runAt: Date.now() + everyMs },
          $setOnInsert: { status: 'pending', attempts: 0, lockedUntil: 0, lockToken: null, lastError: null },
        },
        { upsert: true },
      );
    },
    async cancel(jobId) {
      // A running job finishes, but its completion update (filtered by lock token) finds nothing: no retry, no next occurrence.
      const removed = await jobs.deleteMany({ _id: { $in: [jobId, repeatKey(jobId)] } });
      return removed.deletedCount > 0;
    },
    async start() {
      if (ticker || stopped) return;
      ticker = new Cron(EVERY_SECOND, { unref: true }, () => void wake());
      await wake();
    },
    async ping() {
      await options.store.ping();
    },
    async close() {
      stopped = true;
      ticker?.stop();
      await tick;
      await Promise.all(running.values());
    },
  };
}

const repeatKey = (repeatId: string) => `repeat:${repeatId}`;

async function execute(jobs: Collection<JobDoc>, job: JobDoc, definition: Definition): Promise<void> {
  const mine = { _id: job._id, lockToken: job.lockToken };
  definition.running++;
  try {
    await definition.handler(job.data, { id: job._id, name: job.name, attempt: job.attempts });
    if (job.repeatEveryMs === null) await jobs.deleteOne(mine);
    else await jobs.updateOne(mine, nextOccurrence(job));
  } catch (err) {
    countFailedJob(job.name);
    await jobs.updateOne(mine, afterFailure(job, err instanceof Error ? err.message : String(err)));
  } finally {
    definition.running--;
  }
}

function nextOccurrence(job: JobDoc) {
  return {
    $set: {
      status: 'pending',
      runAt: Date.now() + (job.repeatEveryMs ?? 0),
      attempts: 0,
      lockedUntil: 0,
      lockToken: null,
    },
  };
}

function afterFailure(job: JobDoc, message: string) {
  if (job.repeatEveryMs !== null) return { $set: { ...nextOccurrence(job).$set, lastError: message } };
  if (job.attempts >= job.maxAttempts)
    return { $set: { status: 'failed', lockedUntil: 0, lockToken: null, lastError: message } };
  const delay = job.backoffMs * 2 ** (job.attempts - 1);
  return {
    $set: { status: 'pending', runAt: Date.now() + delay, lockedUntil: 0, lockToken: null, lastError: message },
  };
}
