import type { Eventing, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { japanDayOf } from './calendar.ts';
import { grantPoints } from './grants.ts';
import { ensureWallet, removeAllLotsOf } from './ledger.ts';
import { openDailyBonuses } from './model.ts';
import { ledgerTerms } from './terms.ts';

export type UserEvent = EventOf<'user.registered' | 'user.deleted' | 'user.logged_in'>;

/** The ledger's reactions to accounts (consumer group `billing-ledger`; each runs once per event id in `tx`). */
export async function onUserEvent(tx: Transaction, events: Eventing, event: UserEvent): Promise<void> {
  switch (event.type) {
    case 'user.registered':
      await ensureWallet(tx, event.data.user_id, new Date(event.occurredAt));
      return;
    case 'user.deleted':
      await closeWallet(tx, events, event.data.user_id, new Date(event.occurredAt));
      return;
    case 'user.logged_in':
      await giveLoginBonus(tx, events, event.data.user_id, new Date(event.data.at));
  }
}

/**
 * The account is gone. Its wallet, lots and entries stay (operators find a
 * deleted account's money records by its id, for accounting); what it still
 * held is forfeited: each lot's remainder is taken by a `removed` entry
 * (reason `account_deleted`; points code MA0009), so the balance is 0, the
 * invariants hold and no reminder or expiry runs for it. Bonus marks go.
 */
export async function closeWallet(tx: Transaction, events: Eventing, user_id: string, now: Date): Promise<void> {
  await removeAllLotsOf(tx, events, { user_id, asset: 'tickets', reason: ACCOUNT_DELETED, now });
  await removeAllLotsOf(tx, events, { user_id, asset: 'points', code: 'MA0009', reason: ACCOUNT_DELETED, now });
  await openDailyBonuses(tx).deleteMany({ user_id });
}

const ACCOUNT_DELETED = 'account_deleted';

/**
 * LB0001 once per Japan calendar day. The day's mark has the `_id`
 * user + day: an upsert that inserted it is the one log-in that grants; any
 * other (a second log-in, a concurrent one) matches the mark and grants nothing.
 */
export async function giveLoginBonus(tx: Transaction, events: Eventing, user_id: string, at: Date): Promise<boolean> {
  const points = ledgerTerms().loginBonusPoints;
  if (points <= 0) return false;
  const day = japanDayOf(at);
  const mark = await openDailyBonuses(tx).updateOne(
    { _id: `${user_id}:${day}` },
    { $setOnInsert: { user_id, day } },
    { upsert: true },
  );
  if (!mark.upsertedId) return false;
  await grantPoints(tx, events, { user_id, points, code: 'LB0001', ref: `login-bonus:${day}`, now: at });
  return true;
}
