export type JobHandler<T = unknown> = (data: T, job: { id: string; name: string; attempt: number }) => Promise<void>;

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /** Same id twice = one job (idempotent scheduling, e.g. `expire:ticket:123`). */
  jobId?: string;
  /** Tries before the job is marked failed (default 3). */
  attempts?: number;
  /** Base of exponential back-off between tries, ms (default 1000). */
  backoffMs?: number;
}

/**
 * Jobs port: delayed and repeating background work (expiry, renewals).
 * Jobs survive a restart: an acknowledged enqueue is run eventually, at least
 * once. Handlers are registered with define() before start().
 */
export interface JobQueue {
  define<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  /** A repeating job every `everyMs`, keyed by `repeatId` (re-declaring it replaces it). */
  repeat<T>(name: string, data: T, options: { everyMs: number; repeatId: string }): Promise<void>;
  cancel(jobId: string): Promise<boolean>;
  start(): Promise<void>;
  ping(): Promise<void>;
  /** Stops taking jobs; running handlers finish first. */
  close(): Promise<void>;
}
