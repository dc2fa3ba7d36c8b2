/**
 * The outbox table: every published event is stored here once, in the same
 * transaction as the write it announces (DESIGN.md §3). The embedded bus
 * delivers straight from this table; a relay hands rows to Redis or Kafka.
 */
import type { EventEnvelope } from '@talkwith/proto';
import type { Transaction } from '../ports/index.ts';

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

/** The next number of the store-wide sequence, taken inside `tx` (transactions are serialised on the embedded store). */
export async function nextOutboxSeq(tx: Transaction): Promise<number> {
  const counter = await tx.collection<{ _id: string; n: number }>('outbox_sequence').findOneAndUpdate({ _id: OUTBOX }, { $inc: { n: 1 } }, { upsert: true });
  return counter!.n;
}

export async function appendToOutbox(tx: Transaction, envelope: EventEnvelope, seq: number): Promise<OutboxEntry> {
  const entry: OutboxEntry = { _id: envelope.id, key: envelope.key, type: envelope.type, envelope, createdAt: new Date(), seq, sentAt: null };
  await tx.collection<OutboxEntry>(OUTBOX).insertOne(entry);
  return entry;
}
