import type { EventOf } from '@talkwith/proto';
import type { Transaction } from '../ports/index.ts';
import type { Eventing } from '../service/index.ts';

/**
 * The owner's half of projection rebuilds. A service that keeps a projection
 * of another's facts publishes `facts.requested` (owner, by) once its own
 * consumer is subscribed; the owner answers by announcing its facts as they
 * are now, and the projection's consumer applies them idempotently. A new
 * consumer group also reads the bus's retained history, but what the bus no
 * longer retains (trimmed, or a Redis restarted without persistence) and a
 * projection that was wiped come back only this way, in any start order: the
 * request waits on the bus until the owner runs.
 *
 * Why a re-announce and not a snapshot call: services talk only over the bus
 * (no service knows another's address).
 */

export interface FactsOwner {
  /** The service whose facts these are (`facts.requested`'s `owner`); its consumer group is `<owner>-facts-requests`. */
  owner: string;
  /** Publishes every fact as it is now, in `tx`; returns counts for the log. */
  announce(tx: Transaction, events: Eventing): Promise<object>;
}

const LAST_ANNOUNCED = 'current-facts';
/** A request this much older than the last announcement is covered by it (the margin absorbs clock skew between hosts). */
const COVERED_AFTER_MS = 5_000;

interface AnnouncementMark {
  _id: string;
  done_at: string;
  [key: string]: unknown;
}

/**
 * One request: announced unless it is for another owner or an announcement
 * made after it was asked already covers it (many services starting together
 * cost one round). The mark lives in `<owner>_announcements`, in `tx`.
 */
export async function answerFactsRequest(tx: Transaction, events: Eventing, owner: FactsOwner, request: EventOf<'facts.requested'>): Promise<object | null> {
  if (request.data.owner !== owner.owner) return null;
  const marks = tx.collection<AnnouncementMark>(`${owner.owner}_announcements`);
  const last = await marks.findOne({ _id: LAST_ANNOUNCED });
  if (last && Date.parse(last.done_at) - Date.parse(request.occurredAt) > COVERED_AFTER_MS) return null;
  const announced = await owner.announce(tx, events);
  await marks.updateOne({ _id: LAST_ANNOUNCED }, { $set: { done_at: new Date().toISOString() } }, { upsert: true });
  return announced;
}

/** Consumer group `<owner>-facts-requests`: answers every request for `owner`'s facts. */
export function consumeFactsRequests(events: Eventing, owner: FactsOwner): Promise<{ close(): Promise<void> }> {
  return events.consume(`${owner.owner}-facts-requests`, ['facts.requested'], async (event, tx) => { await answerFactsRequest(tx, events, owner, event); });
}
