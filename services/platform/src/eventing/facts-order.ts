import type { EventEnvelope } from '@talkwith/proto';

/** What a projection keeps of the newest fact it applied to a record: its time and, when it carried one, its key's write number. */
export interface FactsMark {
  at?: string | null;
  seq?: number | null;
}

type Ordered = Pick<EventEnvelope, 'occurredAt' | 'keySeq'>;

/**
 * Whether `event` is not older than the fact `kept` came from (an
 * announcement against a change, or the reverse). By the publisher's write
 * number for the key (`keySeq`) when both have one: it follows commit order in
 * the publisher's store, so the clocks of the replicas that published them
 * cannot reorder two facts. Else by time: events published and rows written
 * before write numbers existed, where a skew between replicas' clocks can
 * still let an older fact win.
 */
export function isNotOlder(event: Ordered, kept: FactsMark | null | undefined): boolean {
  if (event.keySeq != null && kept?.seq != null) return event.keySeq >= kept.seq;
  return !kept?.at || kept.at <= event.occurredAt;
}

/** `{ [name]: keySeq }`, or nothing when the event carries none: to keep beside the time in a `$set` or `$max`. */
export function keySeqAs<K extends string>(name: K, event: Ordered): Partial<Record<K, number>> {
  return event.keySeq == null ? {} : ({ [name]: event.keySeq } as Record<K, number>);
}

/**
 * A store filter matching a kept row that `event` is not older than (isNotOlder as a query, for a guarded upsert):
 * `timeField` holds the time, `seqField` the write number.
 */
export function keptNotNewerThan(event: Ordered, timeField: string, seqField: string): Record<string, unknown> {
  const byTime = { [timeField]: { $lte: event.occurredAt } };
  if (event.keySeq == null) return byTime;
  return { $or: [{ [seqField]: { $lte: event.keySeq } }, { [seqField]: { $exists: false }, ...byTime }] };
}
