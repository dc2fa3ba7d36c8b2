import type { Eventing, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { japanDayOf } from './calendar.ts';
import { grantPoints } from './grants.ts';
import { ensureWallet } from './ledger.ts';
import { openDailyBonuses, openEntries, openLots, openWallets } from './model.ts';
import { ledgerTerms } from './terms.ts';

export type UserEvent = EventOf<'user.registered' | 'user.deleted' | 'user.logged_in'>;

/** The ledger's reactions to accounts (consumer group `billing-ledger`; each runs once per event id in `tx`). */
export async function onUserEvent(tx: Transaction, events: Eventing, event: UserEvent): Promise<void> {
  switch (event.type) {
    case 'user.registered':
      await ensureWallet(tx, event.data.user_id, new Date(event.occurredAt));
      return;
    case 'user.deleted':
      await eraseUser(tx, event.data.user_id);
      return;
    case 'user.logged_in':
      await giveLoginBonus(tx, events, event.data.user_id, new Date(event.data.at));
  }
}

/** The account is gone: its wallet, lots, entries and bonus marks leave with it (the one exception to append-only). */
export async function eraseUser(tx: Transaction, user_id: string): Promise<void> {
  await openWallets(tx).deleteOne({ _id: user_id });
  await openLots(tx).deleteMany({ user_id });
  await openEntries(tx).deleteMany({ user_id });
  await openDailyBonuses(tx).deleteMany({ user_id });
}

/**
 * LB0001 once per Japan calendar day. The day's mark has the `_id`
 * user + day: an upsert that inserted it is the one log-in that grants; any
 * other (a second log-in, a concurrent one) matches the mark and grants nothing.
 */
export async function giveLoginBonus(tx: Transaction, events: Eventing, user_id: string, at: Date): Promise<boolean> {
  const points = ledgerTerms().loginBonusPoints;
  if (points <= 0) return false;
  const day = japanDayOf(at);
  const mark = await openDailyBonuses(tx).updateOne({ _id: `${user_id}:${day}` }, { $setOnInsert: { user_id, day } }, { upsert: true });
  if (!mark.upsertedId) return false;
  await grantPoints(tx, events, { user_id, points, code: 'LB0001', ref: `login-bonus:${day}`, now: at });
  return true;
}
