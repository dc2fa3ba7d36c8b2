/**
 * The embedded event bus (standalone mode): an in-process dispatcher over the
 * outbox table of the document store. An event is stored once, by the
 * transaction that publishes it; each consumer group keeps its position in
 * the outbox's sequence (`bus_positions`), so it survives restarts and a group
 * that subscribes late still receives what was published before (what the
 * outbox retains: 7 days by default). Serves one process: services running as
 * separate processes use Redis Streams or Kafka.
 */
import type { EventEnvelope } from '@talkwith/proto';
import type { DocumentStore, EventBus, SubscribeOptions, Subscription } from '../ports/index.ts';
import { appendToOutbox, newestOutboxSeq, nextOutboxSeq, OUTBOX, type OutboxEntry } from '../eventing/outbox-entry.ts';
import { OutboxGroup, type Parked, type Position } from './outbox-group.ts';

export interface OutboxBusOptions {
  store: DocumentStore;
  /** First pause before redelivering a failed event; doubles per attempt (default 100 ms). */
  retryDelayMs?: number;
  /** How long outbox rows are kept for groups that subscribe later (default 7 days). */
  keepForSeconds?: number;
  /** Rows read per batch (default 200). */
  batchSize?: number;
  onError?(err: unknown): void;
}

export async function createOutboxBus(options: OutboxBusOptions): Promise<EventBus> {
  const { store } = options;
  const outbox = store.collection<OutboxEntry>(OUTBOX);
  await outbox.createIndex({ seq: 1 }, { unique: true });
  // Each group reads only the types it takes (outbox-group.ts).
  await outbox.createIndex({ type: 1, seq: 1 });
  await outbox.createIndex({ createdAt: 1 }, { expireAfterSeconds: options.keepForSeconds ?? 7 * 24 * 3600 });
  const parked = store.collection<Parked>('bus_parked');
  await parked.createIndex({ group: 1, parkedAt: 1 });
  const groups = new Map<string, OutboxGroup>();
  const deps = {
    outbox,
    newestSeq: () => newestOutboxSeq(store),
    positions: store.collection<Position>('bus_positions'),
    parked,
    retryDelayMs: options.retryDelayMs ?? 100,
    batchSize: options.batchSize ?? 200,
    onError: options.onError ?? ((err: unknown) => process.emitWarning(`embedded bus: ${String(err)}`)),
  };
  const wakeAll = () => {
    for (const group of groups.values()) group.wake();
  };

  return {
    deliversFromOutbox: true,

    wake: wakeAll,

    /** Eventing has stored the row already (then this only wakes the groups); anyone else's event is stored here. */
    async publish(event: EventEnvelope): Promise<void> {
      if (!(await outbox.findOne({ _id: event.id }, { projection: { _id: 1 } }))) {
        await store.withTransaction(async (tx) => {
          const seq = await nextOutboxSeq(tx);
          await appendToOutbox(tx, [event], () => seq);
        });
      }
      wakeAll();
    },

    async subscribe(member: SubscribeOptions): Promise<Subscription> {
      let group = groups.get(member.group);
      if (!group) groups.set(member.group, (group = new OutboxGroup(member.group, deps)));
      group.add(member);
      const owner = group;
      return {
        async close() {
          await owner.remove(member);
          if (groups.get(member.group) === owner && owner.isEmpty) groups.delete(member.group);
        },
      };
    },

    async parked(group: string) {
      return (await parked.find({ group }, { sort: { parkedAt: 1 } })).map(({ event, reason }) => ({ event, reason }));
    },

    /** The newest outbox number minus how far each subscribed group has read. */
    async consumerLag() {
      const newest = await newestOutboxSeq(store);
      const names = [...groups.keys()];
      const positions = new Map((await deps.positions.find({ _id: { $in: names } })).map((p) => [p._id, p.seq]));
      // A group reads ahead of its stored position over rows it does not take (outbox-group.ts).
      const readTo = (group: string) => Math.max(positions.get(group) ?? 0, groups.get(group)?.readPosition ?? 0);
      return names.map((group) => ({ group, lag: Math.max(0, newest - readTo(group)) }));
    },

    ping: () => store.ping(),

    async close() {
      await Promise.all([...groups.values()].map((g) => g.closeAll()));
      groups.clear();
    },
  };
}
