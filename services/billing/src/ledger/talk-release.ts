import type { Collection, DocumentStore, Eventing, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { addLot } from './ledger.ts';
import { openEntries, openLots, type Entry } from './model.ts';

/**
 * A talk that failed before its first reply gives its ticket back (dialogue's
 * `talk.released`, consumer group `billing-talks`). The ledger stays
 * append-only: the use's entry and lot are not touched; the ticket comes back
 * as a new lot (history kind `added`, source `released`, ref
 * `release:{use_id}`) that expires when the lot it was taken from does, so a
 * release never lengthens a ticket's life. Once per use: a mark whose `_id` is
 * the use id is inserted first, and a second release of the same use (a
 * redelivery, another talk naming it) matches the mark and gives nothing.
 */

export const TALK_RELEASE_EVENTS = ['talk.released', 'user.deleted'] as const;
export type TalkReleaseEvent = EventOf<(typeof TALK_RELEASE_EVENTS)[number]>;

/** One given-back use. */
export interface ReleaseMark {
  _id: string;
  user_id: string;
  talk_id: string;
  at: string;
  [key: string]: unknown;
}

export const openReleaseMarks = (store: DocumentStore | Transaction): Collection<ReleaseMark> =>
  store.collection<ReleaseMark>('ledger_ticket_releases');

export interface TicketRelease {
  user_id: string;
  use_id: string;
  talk_id: string;
  now: Date;
}

/** What became of a release: given back (how many tickets), or why not. */
export type ReleaseOutcome = { given: number } | { skipped: 'unknown-use' | 'already-released' };

export async function onTalkReleaseEvent(tx: Transaction, events: Eventing, event: TalkReleaseEvent): Promise<void> {
  if (event.type === 'user.deleted') {
    await openReleaseMarks(tx).deleteMany({ user_id: event.data.user_id });
    return;
  }
  const { user_id, ticket_use_id, talk_id, released_at } = event.data;
  if (ticket_use_id !== null)
    await releaseTicketUse(tx, events, { user_id, use_id: ticket_use_id, talk_id, now: new Date(released_at) });
}

/**
 * Gives back the tickets of one talk-ticket use, only if the use is the
 * user's own (another user's use id finds nothing) and was not given back
 * before. A part whose lot has expired since is not given back: it would
 * have expired unused anyway.
 */
export async function releaseTicketUse(
  tx: Transaction,
  events: Eventing,
  release: TicketRelease,
): Promise<ReleaseOutcome> {
  const use = await openEntries(tx).findOne({
    _id: release.use_id,
    user_id: release.user_id,
    asset: 'tickets',
    kind: 'used',
  });
  if (!use) return { skipped: 'unknown-use' };
  const mark = await openReleaseMarks(tx).updateOne(
    { _id: release.use_id },
    { $setOnInsert: { user_id: release.user_id, talk_id: release.talk_id, at: release.now.toISOString() } },
    { upsert: true },
  );
  if (!mark.upsertedId) return { skipped: 'already-released' };
  return { given: await giveBackParts(tx, events, use, release.now) };
}

async function giveBackParts(tx: Transaction, events: Eventing, use: Entry, now: Date): Promise<number> {
  let given = 0;
  for (const part of use.parts) {
    const lot = await openLots(tx).findOne({ _id: part.lot_id });
    if (!lot || lot.expires_at <= now.toISOString()) continue;
    await addLot(tx, events, {
      user_id: use.user_id,
      asset: 'tickets',
      amount: part.amount,
      expires_at: lot.expires_at,
      now,
      source: 'released',
      ref: `release:${use._id}`,
      ...(use.character_id ? { character_id: use.character_id } : {}),
      ...(use.btn ? { btn: use.btn } : {}),
    });
    given += part.amount;
  }
  return given;
}
