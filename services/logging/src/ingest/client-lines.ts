import { Value } from '@sinclair/typebox/value';
import type { Platform } from '@talkwith/platform';
import { ClientLogged, type EventEnvelope, type EventOf } from '@talkwith/proto';
import { draftOf } from '../entries/from-event.ts';
import { storeEntries, type RetentionDays } from '../entries/write.ts';
import { countDropped, countErrors } from '../summary/counters.ts';
import type { LogTailHub } from '../tail/hub.ts';
import type { LineBudgets } from './line-budgets.ts';

export const CLIENT_GROUP = 'logging.client-lines';

type Waiting = { event: EventOf<'client.logged'>; resolve(): void; reject(err: unknown): void };

export interface ClientLineWriterOptions {
  platform: Platform;
  retention: RetentionDays;
  tail: LogTailHub;
  /** Lines per transaction at most. */
  batchSize: number;
  /** Per-account and global budgets of stored lines: a line over one is dropped and counted. */
  budgets: LineBudgets;
}

/** A refusal is logged once per budget a minute (with how many lines it dropped since), never once per line. */
const WARN_EVERY_MS = 60_000;

/**
 * Client log lines arrive in bursts (every player sends them while a talk
 * runs). Each delivery waits in a buffer that is written as one store
 * transaction on the next turn of the event loop (or at once when full): the
 * bus hands over events of many users concurrently, so one commit carries
 * them all. A delivery resolves — and the bus acks it — only after its line
 * is committed; a crash before that redelivers it, and the event id (the
 * entry's id) keeps the second write from adding a copy.
 */
export class ClientLineWriter {
  private buffer: Waiting[] = [];
  private scheduled = false;
  /** Per refusing budget: when it was last logged, and the lines it dropped since. */
  private readonly refusals = new Map<string, { warnedAt: number; dropped: number }>();
  private readonly options: ClientLineWriterOptions;

  constructor(options: ClientLineWriterOptions) {
    this.options = options;
  }

  write(event: EventOf<'client.logged'>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.buffer.push({ event, resolve, reject });
      if (this.buffer.length >= this.options.batchSize) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.buffer.splice(0, this.options.batchSize);
    if (this.buffer.length > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    if (batch.length === 0) return;
    this.writeBatch(batch).then(
      () => {
        for (const w of batch) w.resolve();
      },
      (err: unknown) => {
        for (const w of batch) w.reject(err);
      },
    );
  }

  /**
   * Lines over a budget are dropped before the store sees them, counted in
   * the day's figures and acked like the rest: the bus must not redeliver
   * them, and the client, already answered by the gateway, hears nothing.
   */
  private async writeBatch(batch: Waiting[]): Promise<void> {
    const { platform, retention, tail, budgets } = this.options;
    const refusals = await budgets.admitBatch(batch.map(({ event }) => event.data));
    const admitted = batch.filter((_, i) => refusals[i] === null);
    const drafts = admitted.map(({ event }) => ({ id: event.id, draft: draftOf(event) }));
    const dropped = batch.length - admitted.length;
    const stored = await platform.store.withTransaction(async (tx) => {
      const fresh = await storeEntries(tx, drafts, retention);
      await countErrors(tx, fresh);
      await countDropped(tx, dropped);
      return fresh;
    });
    this.noteRefusals(refusals);
    tail.announce(stored);
  }

  private noteRefusals(refusals: Array<string | null>): void {
    const now = Date.now();
    for (const budget of refusals) {
      if (budget === null) continue;
      const seen = this.refusals.get(budget) ?? { warnedAt: 0, dropped: 0 };
      seen.dropped += 1;
      this.refusals.set(budget, seen);
      if (now - seen.warnedAt < WARN_EVERY_MS) continue;
      this.options.platform.logger.warn(
        { budget, dropped: seen.dropped },
        'client log lines over a stored-line budget dropped',
      );
      seen.warnedAt = now;
      seen.dropped = 0;
    }
  }
}

function isClientLine(event: EventEnvelope): event is EventOf<'client.logged'> {
  return event.type === 'client.logged' && Value.Check(ClientLogged.data, event.data);
}

/**
 * Subscribes the writer to client.logged straight on the bus (its own
 * consumer group), not through platform.events.consume, whose one
 * transaction per event would make a burst of lines one commit each.
 */
export function consumeClientLines(writer: ClientLineWriter, platform: Platform): Promise<{ close(): Promise<void> }> {
  return platform.bus.subscribe({
    group: CLIENT_GROUP,
    types: ['client.logged'],
    // Each line stands alone (its time is its own): the embedded bus may hand over a whole read batch, one commit here.
    ordered: false,
    handler: async (event) => {
      if (isClientLine(event)) return writer.write(event);
      platform.logger.warn({ eventId: event.id }, 'invalid client.logged event dropped');
    },
  });
}
