import type { EventOf } from '@talkwith/proto';
import type { DocumentStore, Transaction } from '../ports/index.ts';
import type { Eventing } from '../service/index.ts';

/**
 * The owner's half of projection rebuilds. A service that keeps a projection
 * of another's facts publishes `facts.requested` (owner, by) once its own
 * consumer is subscribed; the owner answers by announcing its facts as they
 * are now, and the projection's consumer applies them idempotently (an
 * announcement never overwrites a newer state it already holds). A new
 * consumer group also reads the bus's retained history, but what the bus no
 * longer retains (trimmed, or a Redis restarted without persistence) and a
 * projection that was wiped come back only this way, in any start order: the
 * request waits on the bus until the owner runs.
 *
 * Why a re-announce and not a snapshot call: services talk only over the bus
 * (no service knows another's address).
 *
 * Why paged, each page in a transaction of its own: a million accounts must
 * not become one transaction (the embedded store holds its write lock while
 * one is open, and the outbox would take the whole lot in one write). The
 * request's handler only records that an announcement is owed; after it
 * commits, the pages go out one by one. A crash in between leaves the record
 * pending and the next start finishes it; a page announced twice changes
 * nothing downstream.
 */

/** One kind of fact, announced in pages ordered by `_id`. */
export interface FactsSection {
  /** For the log. */
  name: string;
  /** Publishes up to `limit` facts whose `_id` sorts after `after` (null: from the first), in `tx`; the `_id`s announced, in order. */
  page(tx: Transaction, events: Eventing, after: string | null, limit: number): Promise<string[]>;
}

export interface FactsOwner {
  /** The service whose facts these are (`facts.requested`'s `owner`); its consumer group is `<owner>-facts-requests`. */
  owner: string;
  sections: readonly FactsSection[];
  /** Facts per page (per transaction); 500 unless said. */
  pageSize?: number;
}

export const FACTS_PAGE_SIZE = 500;
const LAST_ANNOUNCED = 'current-facts';
const OWED = 'owed-facts';
/** A request this much older than the start of the last announcement is covered by it (the margin absorbs clock skew between hosts). */
const COVERED_AFTER_MS = 5_000;

interface AnnouncementMark {
  _id: string;
  /** LAST_ANNOUNCED: when the last complete announcement started. */
  done_at?: string;
  /** OWED: when the newest request not yet answered was asked. */
  requested_at?: string;
  [key: string]: unknown;
}

const marksOf = (store: DocumentStore | Transaction, owner: FactsOwner) =>
  store.collection<AnnouncementMark>(`${owner.owner}_announcements`);

/**
 * One request, in the consumer's `tx`: recorded as owed unless it is for
 * another owner or an announcement started after it was asked already
 * covers it (many services starting together cost one round). True: owed.
 */
export async function recordFactsRequest(
  tx: Transaction,
  owner: FactsOwner,
  request: EventOf<'facts.requested'>,
): Promise<boolean> {
  if (request.data.owner !== owner.owner) return false;
  const marks = marksOf(tx, owner);
  const last = await marks.findOne({ _id: LAST_ANNOUNCED });
  if (last?.done_at && Date.parse(last.done_at) - Date.parse(request.occurredAt) > COVERED_AFTER_MS) return false;
  await marks.updateOne({ _id: OWED }, { $set: { requested_at: request.occurredAt } }, { upsert: true });
  return true;
}

/** Thrown between pages when the process is stopping: the debt stays and is paid at the next start. */
class AnnouncementStopped extends Error {}

/** Every section, page by page (a transaction each); the facts announced per section. `stopping` is asked between pages. */
export async function announceInPages(
  store: DocumentStore,
  events: Eventing,
  owner: FactsOwner,
  stopping: () => boolean = () => false,
): Promise<Record<string, number>> {
  const limit = owner.pageSize ?? FACTS_PAGE_SIZE;
  const counts: Record<string, number> = {};
  for (const section of owner.sections) {
    let after: string | null = null;
    counts[section.name] = 0;
    for (;;) {
      if (stopping()) throw new AnnouncementStopped(`${owner.owner} facts announcement stopped with the process`);
      const ids: string[] = await store.withTransaction((tx) => section.page(tx, events, after, limit));
      counts[section.name]! += ids.length;
      if (ids.length < limit) break;
      after = ids[ids.length - 1]!;
    }
  }
  return counts;
}

/**
 * Answers what is owed: announces in pages, then clears the debt unless a
 * request came in meanwhile (then once more, so that request sees a round
 * that started after it). Null: nothing was owed.
 */
export async function announceOwedFacts(
  store: DocumentStore,
  events: Eventing,
  owner: FactsOwner,
  stopping: () => boolean = () => false,
): Promise<Record<string, number> | null> {
  let counts: Record<string, number> | null = null;
  for (;;) {
    const owed = await marksOf(store, owner).findOne({ _id: OWED });
    if (!owed) return counts;
    const startedAt = new Date().toISOString();
    counts = await announceInPages(store, events, owner, stopping);
    const settled = await store.withTransaction(async (tx) => {
      const marks = marksOf(tx, owner);
      await marks.updateOne({ _id: LAST_ANNOUNCED }, { $set: { done_at: startedAt } }, { upsert: true });
      const now = await marks.findOne({ _id: OWED });
      if (now && now.requested_at !== owed.requested_at) return false;
      await marks.deleteOne({ _id: OWED });
      return true;
    });
    if (settled) return counts;
  }
}

/**
 * Consumer group `<owner>-facts-requests`: records every request for
 * `owner`'s facts, then announces them in pages outside the consumer's
 * transaction (one run at a time per process). Closing stops between pages
 * (a shutdown never waits for a million accounts); a debt left by a stop or
 * a crash is paid at start.
 */
export async function consumeFactsRequests(
  store: DocumentStore,
  events: Eventing,
  owner: FactsOwner,
): Promise<{ close(): Promise<void> }> {
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const pay = () => {
    running = running
      .then(() => (closed ? null : announceOwedFacts(store, events, owner, () => closed)))
      .catch((err: unknown) => {
        if (!(err instanceof AnnouncementStopped))
          process.emitWarning(
            `${owner.owner} facts announcement failed (retried on the next request or start): ${String(err)}`,
          );
      });
  };
  pay();
  const consumer = await events.consume(`${owner.owner}-facts-requests`, ['facts.requested'], async (event, tx) => {
    if (await recordFactsRequest(tx, owner, event)) tx.afterCommit(pay);
  });
  return {
    async close() {
      closed = true;
      await consumer.close();
      await running;
    },
  };
}

/** A section over one collection's documents, by `_id`: `announce` publishes the page's documents in `tx`. */
export function sectionOver<T extends { _id: string }>(
  name: string,
  find: (tx: Transaction, after: string | null, limit: number) => Promise<T[]>,
  announce: (tx: Transaction, events: Eventing, docs: T[]) => Promise<void>,
): FactsSection {
  return {
    name,
    async page(tx, events, after, limit) {
      const docs = await find(tx, after, limit);
      if (docs.length > 0) await announce(tx, events, docs);
      return docs.map((d) => d._id);
    },
  };
}

/** The filter and options of one page by `_id` after `after` (merged into `filter`). */
export function pageQuery(filter: Record<string, unknown>, after: string | null, limit: number) {
  return {
    filter: after === null ? filter : { ...filter, _id: { $gt: after } },
    options: { sort: { _id: 1 as const }, limit },
  };
}
