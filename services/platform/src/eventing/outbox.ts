import type { Logger } from 'pino';
import type { Collection, DocumentStore, EventBus } from '../ports/index.ts';
import { OUTBOX, type OutboxEntry } from './outbox-entry.ts';
import { countRelayFailure } from '../metrics/operations.ts';

export interface OutboxRelayOptions {
  store: DocumentStore;
  bus: EventBus;
  logger: Logger;
  /** How long sent entries are kept (TTL index; default 10 minutes: enough to inspect). */
  keepSentForSeconds?: number;
  /** How often the store is scanned for unsent entries nobody here holds (default 30 s). */
  sweepEveryMs?: number;
  /** First pause before retrying a key the bus refused; doubles up to retryMaxMs (defaults 200 ms, 30 s). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export interface OutboxRelay {
  /** The tie-break for the next entry this process writes (entries of one millisecond keep their order). */
  nextSeq(): number;
  /** Hands a committed entry to the bus, after older entries of its key. */
  handOver(entry: OutboxEntry): void;
  /** Stops the relay; lets running hand-offs finish. What is left goes out at the next start. */
  close(): Promise<void>;
}

const inOrder = (a: OutboxEntry, b: OutboxEntry) => a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq;

/**
 * The transactional-outbox relay to Redis or Kafka (DESIGN.md §3). Each key has an in-memory
 * queue of its unsent entries, handed to the bus one at a time, oldest first:
 * that keeps per-key order. When the bus refuses one, the key pauses with that
 * entry at its head and is retried with its own exponential back-off.
 * On start (and every sweepEveryMs) unsent entries found in the store that
 * this process does not hold are merged in by age: leftovers of a crash, or of
 * a peer sharing the store. A peer's entry may then be sent twice; consumers
 * dedupe on the event id.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const relay = new Relay(options);
  relay.start();
  return relay;
}

class Relay implements OutboxRelay {
  private readonly options: OutboxRelayOptions;
  private readonly outbox: Collection<OutboxEntry>;
  private readonly queues = new Map<string, OutboxEntry[]>();
  private readonly busyKeys = new Set<string>();
  private readonly pausedKeys = new Set<string>();
  /** Ids queued or being written here, so a sweep does not queue them twice. */
  private readonly held = new Set<string>();
  /** Hand-offs, marks and sweeps under way; close() waits for them. */
  private readonly running = new Set<Promise<unknown>>();
  /** Per paused key: its retry timer and its next back-off (one stuck key does not slow the others). */
  private readonly retries = new Map<string, { timer: NodeJS.Timeout; nextDelayMs: number }>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private seq = 0;
  private started = false;
  private closed = false;

  constructor(options: OutboxRelayOptions) {
    this.options = options;
    this.outbox = options.store.collection<OutboxEntry>(OUTBOX);
  }

  start(): void {
    const sweepEveryMs = this.options.sweepEveryMs ?? 30_000;
    this.sweepTimer = setInterval(
      () =>
        void this.track(this.sweep(sweepEveryMs)).catch((err: unknown) =>
          this.options.logger.warn({ err }, 'outbox sweep failed'),
        ),
      sweepEveryMs,
    );
    this.sweepTimer.unref();
    const indexes = Promise.all([
      this.outbox.createIndex({ sentAt: 1 }, { expireAfterSeconds: this.options.keepSentForSeconds ?? 600 }),
      this.outbox.createIndex({ createdAt: 1, seq: 1 }),
    ]);
    // Leftovers first: hand-offs begin only after the first sweep, so a new event cannot overtake an older one of its key.
    void this.track(indexes.then(() => this.sweep(0)))
      .catch((err: unknown) => this.options.logger.error({ err }, 'outbox relay could not read the store at start'))
      .finally(() => {
        this.started = true;
        for (const key of this.queues.keys()) this.pump(key);
      });
  }

  nextSeq(): number {
    return ++this.seq;
  }

  handOver(entry: OutboxEntry): void {
    if (this.held.has(entry._id)) return;
    this.held.add(entry._id);
    if (!this.closed) this.enqueue(entry);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const retry of this.retries.values()) clearTimeout(retry.timer);
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.finally(() => this.running.delete(settled));
    return work;
  }

  /** The caller has put entry._id into `held`. */
  private enqueue(entry: OutboxEntry): void {
    const queue = this.queues.get(entry.key) ?? [];
    // By age, but never ahead of a head that is being handed over right now.
    let at = queue.length;
    while (at > (this.busyKeys.has(entry.key) ? 1 : 0) && inOrder(queue[at - 1]!, entry) > 0) at--;
    queue.splice(at, 0, entry);
    this.queues.set(entry.key, queue);
    this.pump(entry.key);
  }

  private pump(key: string): void {
    if (!this.started || this.closed || this.busyKeys.has(key) || this.pausedKeys.has(key)) return;
    const head = this.queues.get(key)?.[0];
    if (!head) return;
    this.busyKeys.add(key);
    void this.track(this.handOff(head)).then((sent) => {
      this.busyKeys.delete(key);
      if (sent) {
        this.queues.get(key)?.shift();
        this.held.delete(head._id);
        if (this.queues.get(key)?.length === 0) this.queues.delete(key);
      }
      this.pump(key);
    });
  }

  private async handOff(head: OutboxEntry): Promise<boolean> {
    try {
      await this.options.bus.publish(head.envelope);
    } catch (err) {
      countRelayFailure();
      this.pause(head.key, err);
      return false;
    }
    this.retries.delete(head.key);
    // Not awaited before the next hand-off: if marking fails the entry is sent again later, a duplicate consumers drop.
    void this.track(this.outbox.updateOne({ _id: head._id }, { $set: { sentAt: new Date() } })).catch(
      (err: unknown) => {
        this.options.logger.warn({ err, eventId: head._id }, 'outbox entry sent but not marked; it will be sent again');
      },
    );
    return true;
  }

  private pause(key: string, err: unknown): void {
    // Warn once per outage (when nothing else is waiting), not for every key and retry.
    if (this.pausedKeys.size === 0 && !this.retries.has(key))
      this.options.logger.warn({ err, key }, 'bus refused an event; the outbox keeps it and retries');
    else this.options.logger.debug({ err, key }, 'bus still refuses events');
    this.pausedKeys.add(key);
    if (this.closed) return;
    const delayMs = this.retries.get(key)?.nextDelayMs ?? this.options.retryMinMs ?? 200;
    const timer = setTimeout(() => {
      this.pausedKeys.delete(key);
      this.pump(key);
    }, delayMs);
    timer.unref();
    this.retries.set(key, { timer, nextDelayMs: Math.min(delayMs * 2, this.options.retryMaxMs ?? 30_000) });
  }

  /** Merges unsent entries of the store that this process does not hold, oldest first. */
  private async sweep(olderThanMs: number): Promise<void> {
    const before = new Date(Date.now() - olderThanMs);
    const unsent = await this.outbox.find(
      { sentAt: null, createdAt: { $lte: before } },
      { sort: { createdAt: 1, seq: 1 } },
    );
    const fresh = unsent.filter((entry) => !this.held.has(entry._id));
    for (const entry of fresh) {
      this.held.add(entry._id);
      this.enqueue(entry);
    }
    if (fresh.length > 0) this.options.logger.info({ count: fresh.length }, 'outbox relay picked up unsent events');
  }
}
