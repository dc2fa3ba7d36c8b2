import type { DocumentStore, Eventing } from '@talkwith/platform';
import type { EventMap } from '@talkwith/proto';

type LineData = EventMap['client.logged'];
interface Waiting {
  key: string;
  data: LineData;
  resolve(id: string): void;
  reject(err: unknown): void;
}

export interface LinePublisher {
  /** Publishes one client log line; resolves with its event id once the line's transaction has committed. */
  publish(key: string, data: LineData): Promise<string>;
}

/**
 * Client log lines from every socket, published together: the lines that
 * arrive while one outbox transaction commits go out in the next one (group
 * commit, no timer, so a lone line waits for nothing). One transaction per
 * line capped ingestion at the store's commit rate (about 3,000 lines/s
 * standalone); a burst of lines must never hold up a talk's own writes.
 * A batch that fails is retried line by line, so one bad line fails alone.
 */
export function createLinePublisher(store: DocumentStore, events: Eventing, maxBatch = 256): LinePublisher {
  let queue: Waiting[] = [];
  let draining = false;

  const publishAll = (batch: Waiting[]) =>
    store.withTransaction(async (tx) => {
      const envelopes = await events.publishMany(
        'client.logged',
        batch.map(({ key, data }) => ({ key, data })),
        tx,
      );
      return envelopes.map((e) => e.id);
    });

  async function settle(batch: Waiting[]): Promise<void> {
    try {
      const ids = await publishAll(batch);
      batch.forEach((line, i) => line.resolve(ids[i] ?? ''));
    } catch (err) {
      if (batch.length === 1) return batch[0]?.reject(err);
      for (const line of batch) await settle([line]);
    }
  }

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        await settle(batch);
      }
    } finally {
      draining = false;
    }
  }

  return {
    publish(key, data) {
      return new Promise<string>((resolve, reject) => {
        queue.push({ key, data, resolve, reject });
        void drain();
      });
    },
  };
}
