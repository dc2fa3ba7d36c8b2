/**
 * The outbox table: every published event is stored here once, in the same
 * transaction as the write it announces (DESIGN.md §3). The embedded bus
 * delivers straight from this table; a relay hands rows to Redis or Kafka.
 */
import type { EventEnvelope } from '@talkwith/proto';
import type { DocumentStore, EventBus, Transaction } from '../ports/index.ts';

export const OUTBOX = 'outbox';

export type OutboxEntry = {
  _id: string;
  key: string;
  type: string;
  envelope: EventEnvelope;
  createdAt: Date;
  /**
   * Publish order. Embedded: one counter per store, advanced inside the
   * publishing transaction, so it follows commit order (consumer groups keep
   * their position in it). Relayed: a tie-break within this process.
   */
  seq: number;
  /** When the relay handed it to the broker (null until then; unused by the embedded bus). */
  sentAt: Date | null;
};

const SEQUENCE = 'outbox_sequence';
type SequenceCounter = { _id: string; n: number };

/**
 * Reserves the next `count` numbers of the store-wide sequence inside `tx`
 * (transactions are serialised on the embedded store) and returns the first.
 */
export async function nextOutboxSeq(tx: Transaction, count = 1): Promise<number> {
  const counter = await tx
    .collection<SequenceCounter>(SEQUENCE)
    .findOneAndUpdate({ _id: OUTBOX }, { $inc: { n: count } }, { upsert: true });
  return counter!.n - count + 1;
}

const KEY_SEQUENCE = 'event_key_sequence';

/**
 * Numbers each envelope within its key (`keySeq`), in `tx`: one counter per
 * key in the publisher's store, so the numbers follow commit order across
 * every replica sharing the store (two transactions writing one key's counter
 * conflict and one retries; the embedded store serialises them). A consumer
 * compares them to tell an announcement from a newer change without trusting
 * clocks. Envelopes of one key in one call get consecutive numbers, in order.
 */
export async function numberWithinKeys(tx: Transaction, envelopes: EventEnvelope[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const envelope of envelopes) counts.set(envelope.key, (counts.get(envelope.key) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [key, count] of counts) {
    const counter = await tx
      .collection<SequenceCounter>(KEY_SEQUENCE)
      .findOneAndUpdate({ _id: key }, { $inc: { n: count } }, { upsert: true });
    next.set(key, counter!.n - count + 1);
  }
  for (const envelope of envelopes) {
    const n = next.get(envelope.key)!;
    envelope.keySeq = n;
    next.set(envelope.key, n + 1);
  }
}

/** The number of the newest event published through this store's embedded bus (0 before the first). */
export async function newestOutboxSeq(store: Pick<DocumentStore, 'collection'>): Promise<number> {
  return (await store.collection<SequenceCounter>(SEQUENCE).findOne({ _id: OUTBOX }))?.n ?? 0;
}

/**
 * Events waiting for the relay to hand them to Redis or Kafka. The embedded
 * bus delivers from the table itself: nothing waits there (its lag is the consumers').
 */
export async function outboxBacklog(
  store: Pick<DocumentStore, 'collection'>,
  bus: Pick<EventBus, 'deliversFromOutbox'>,
): Promise<number> {
  if (bus.deliversFromOutbox) return 0;
  return store.collection<OutboxEntry>(OUTBOX).countDocuments({ sentAt: null });
}

/** Stores the envelopes in the outbox in one write, numbered by `seqOf` (their index in the list). */
export async function appendToOutbox(
  tx: Transaction,
  envelopes: readonly EventEnvelope[],
  seqOf: (index: number) => number,
): Promise<OutboxEntry[]> {
  const createdAt = new Date();
  const entries = envelopes.map((envelope, i): OutboxEntry => ({
    _id: envelope.id,
    key: envelope.key,
    type: envelope.type,
    envelope,
    createdAt,
    seq: seqOf(i),
    sentAt: null,
  }));
  await tx.collection<OutboxEntry>(OUTBOX).insertMany(entries);
  return entries;
}
