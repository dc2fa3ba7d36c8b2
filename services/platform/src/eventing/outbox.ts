import type { Logger } from 'pino';
import type { EventEnvelope } from '@talkwith/proto';
import type { DocumentStore, EventBus } from '../ports/index.ts';

/** One outbox row: the envelope, its place in publish order, and whether the bus has it. */
export type OutboxEntry = {
  _id: string;
  key: string;
  envelope: EventEnvelope;
  createdAt: Date;
  /** Tie-break for entries written in the same millisecond by one process. */
  seq: number;
  sentAt: Date | null;
};

export interface OutboxOptions {
  store: DocumentStore;
  bus: EventBus;
  logger: Logger;
  /** How long sent entries are kept (TTL index; default 1 hour). */
  keepSentForSeconds?: number;
  /** How often the store is scanned for unsent entries nobody here holds (default 30 s). */
  sweepEveryMs?: number;
  /** First pause before retrying a key the bus refused; doubles up to retryMaxMs (defaults 200 ms, 30 s). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export interface Outbox {
  /**
   * Stores the envelope durably, then hands it to the bus. Resolves once it is
   * stored and either handed over or left for the relay (bus down, older
   * entries of the key still waiting): never rejects because of the bus.
   */
  write(envelope: EventEnvelope): Promise<void>;
  /** Stops the relay; lets running hand-offs finish. Later writes are only stored. */
  close(): Promise<void>;
}

type Waiting = { entry: OutboxEntry; settle: () => void };

const inOrder = (a: OutboxEntry, b: OutboxEntry) => a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq;

/**
 * The transactional-outbox relay (DESIGN.md §3). Each key has an in-memory
 * queue of its unsent entries, handed to the bus one at a time, oldest first:
 * that keeps per-key order. When the bus refuses one, the key pauses with that
 * entry at its head and every paused key is retried with exponential back-off.
 * On start (and every sweepEveryMs) unsent entries found in the store that
 * this process does not hold are merged in by age: leftovers of a crash, or of
 * a peer sharing the store. A peer's entry may then be sent twice; consumers
 * dedupe on the event id.
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const { bus, logger } = options;
  const outbox = options.store.collection<OutboxEntry>('outbox');
  const queues = new Map<string, Waiting[]>();
  const busyKeys = new Set<string>();
  const pausedKeys = new Set<string>();
  const held = new Set<string>();
  const running = new Set<Promise<unknown>>();
  const retryMinMs = options.retryMinMs ?? 200;
  let retryDelayMs = retryMinMs;
  let retryTimer: NodeJS.Timeout | null = null;
  let seq = 0;
  let started = false;
  let closed = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.then(() => undefined, () => undefined);
    running.add(settled);
    void settled.finally(() => running.delete(settled));
    return work;
  };

  /** The caller has put entry._id into `held`, so a concurrent sweep cannot queue it twice. */
  function enqueue(entry: OutboxEntry, settle: () => void = () => undefined): void {
    const queue = queues.get(entry.key) ?? [];
    // Never ahead of a head that is being handed over right now.
    let at = queue.length;
    while (at > (busyKeys.has(entry.key) ? 1 : 0) && inOrder(queue[at - 1]!.entry, entry) > 0) at--;
    queue.splice(at, 0, { entry, settle });
    queues.set(entry.key, queue);
    if (pausedKeys.has(entry.key)) settle();
    pump(entry.key);
  }

  function pump(key: string): void {
    if (!started || closed || busyKeys.has(key) || pausedKeys.has(key)) return;
    const head = queues.get(key)?.[0];
    if (!head) return;
    busyKeys.add(key);
    void track(handOff(head)).then((sent) => {
      busyKeys.delete(key);
      if (sent) {
        queues.get(key)?.shift();
        held.delete(head.entry._id);
        if (queues.get(key)?.length === 0) queues.delete(key);
      }
      pump(key);
    });
  }

  async function handOff(head: Waiting): Promise<boolean> {
    try {
      await bus.publish(head.entry.envelope);
    } catch (err) {
      pause(head.entry.key, err);
      return false;
    }
    head.settle();
    retryDelayMs = retryMinMs;
    // Not awaited before the next hand-off: if marking fails the entry is sent again later, a duplicate consumers drop.
    void track(outbox.updateOne({ _id: head.entry._id }, { $set: { sentAt: new Date() } })).catch((err: unknown) => {
      logger.warn({ err, eventId: head.entry._id }, 'outbox entry sent but not marked; it will be sent again');
    });
    return true;
  }

  function pause(key: string, err: unknown): void {
    // Warn once per outage (the first failure after a success), not on every retry.
    if (retryDelayMs === retryMinMs) logger.warn({ err, key }, 'bus refused an event; the outbox keeps it and retries');
    else logger.debug({ err, key }, 'bus still refuses events');
    pausedKeys.add(key);
    for (const waiting of queues.get(key) ?? []) waiting.settle();
    if (retryTimer || closed) return;
    retryTimer = setTimeout(resumePaused, retryDelayMs);
    retryTimer.unref();
    retryDelayMs = Math.min(retryDelayMs * 2, options.retryMaxMs ?? 30_000);
  }

  function resumePaused(): void {
    retryTimer = null;
    const keys = [...pausedKeys];
    pausedKeys.clear();
    for (const key of keys) pump(key);
  }

  /** Merges unsent entries of the store that this process does not hold; oldest first. */
  async function sweep(olderThanMs: number): Promise<void> {
    const before = new Date(Date.now() - olderThanMs);
    const unsent = await outbox.find({ sentAt: null, createdAt: { $lte: before } }, { sort: { createdAt: 1, seq: 1 } });
    const fresh = unsent.filter((entry) => !held.has(entry._id));
    for (const entry of fresh) {
      held.add(entry._id);
      enqueue(entry);
    }
    if (fresh.length > 0) logger.info({ count: fresh.length }, 'outbox relay picked up unsent events');
  }

  const sweepEveryMs = options.sweepEveryMs ?? 30_000;
  const sweepTimer = setInterval(() => {
    void track(sweep(sweepEveryMs)).catch((err: unknown) => logger.warn({ err }, 'outbox sweep failed'));
  }, sweepEveryMs);
  sweepTimer.unref();

  void track(
    Promise.all([
      outbox.createIndex({ sentAt: 1 }, { expireAfterSeconds: options.keepSentForSeconds ?? 3600 }),
      outbox.createIndex({ createdAt: 1, seq: 1 }),
    ]).then(() => sweep(0)),
  )
    .catch((err: unknown) => logger.error({ err }, 'outbox relay could not read the store at start'))
    .finally(() => {
      started = true;
      for (const key of queues.keys()) pump(key);
    });

  return {
    async write(envelope) {
      const entry: OutboxEntry = { _id: envelope.id, key: envelope.key, envelope, createdAt: new Date(), seq: ++seq, sentAt: null };
      // Held from before the insert: the row is visible to a sweep before the insert resolves.
      held.add(entry._id);
      try {
        await outbox.insertOne(entry);
      } catch (err) {
        held.delete(entry._id);
        throw err;
      }
      if (closed) return; // stored: the next start sends it
      await new Promise<void>((resolve) => enqueue(entry, resolve));
    },
    async close() {
      closed = true;
      clearInterval(sweepTimer);
      if (retryTimer) clearTimeout(retryTimer);
      for (const queue of queues.values()) for (const waiting of queue) waiting.settle();
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
