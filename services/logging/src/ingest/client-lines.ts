import { Value } from '@sinclair/typebox/value';
import type { Platform } from '@talkwith/platform';
import { ClientLogged, type EventEnvelope, type EventOf } from '@talkwith/proto';
import { draftOf } from '../entries/from-event.ts';
import { storeEntries, type RetentionDays } from '../entries/write.ts';
import { countErrors } from '../summary/counters.ts';
import type { LogTailHub } from '../tail/hub.ts';

export const CLIENT_GROUP = 'logging.client-lines';

type Waiting = { event: EventOf<'client.logged'>; resolve(): void; reject(err: unknown): void };

export interface ClientLineWriterOptions {
  platform: Platform;
  retention: RetentionDays;
  tail: LogTailHub;
  /** Lines per transaction at most. */
  batchSize: number;
}

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
    this.writeBatch(batch).then(() => { for (const w of batch) w.resolve(); }, (err: unknown) => { for (const w of batch) w.reject(err); });
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    const { platform, retention, tail } = this.options;
    const drafts = batch.map(({ event }) => ({ id: event.id, draft: draftOf(event) }));
    const stored = await platform.store.withTransaction(async (tx) => {
      const fresh = await storeEntries(tx, drafts, retention);
      await countErrors(tx, fresh);
      return fresh;
    });
    tail.announce(stored);
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
