import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { isNotOlder, keySeqAs } from '@talkwith/platform/eventing';
import type { EventOf } from '@talkwith/proto';

/**
 * Engagement's copy of each account's e-mail address, kept from identity's
 * events (collection `account_addresses`, owned by the contacts area). It is
 * the only address a contact receipt is mailed to.
 *
 * Why it is a confirmed address: a receipt is owed only to a caller with a
 * verified access token, and identity issues one only to an account whose
 * address is confirmed (a password log-in of an unconfirmed account is refused,
 * a Google account's address is confirmed by Google, an operator-created one
 * by the operator). `user.email_changed` is published only once the new
 * address's link was followed (or an admin set it). So the address held here
 * for a signed-in caller is one the account proved it owns; an account whose
 * `user.registered` this service never saw gets no receipt mail (its receipt
 * number is still shown on screen).
 */
export interface AccountAddressDoc {
  _id: string;
  email: string;
  /** When identity's event said so: an older event never overwrites a newer one (redelivery, reordering). */
  at: string;
  /** Identity's write number for the account (`keySeq`) of that event, when it carried one: compared instead of `at`. */
  seq?: number;
  /** The account was deleted (then `email` is empty): kept as a mark, so an announcement read before the deletion cannot bring the address back. */
  deleted?: boolean;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;
export const openAccountAddresses = (store: Store): Collection<AccountAddressDoc> =>
  store.collection<AccountAddressDoc>('account_addresses');

export const ACCOUNT_EVENTS = ['user.registered', 'user.announced', 'user.email_changed', 'user.deleted'] as const;
export type AccountEvent = EventOf<(typeof ACCOUNT_EVENTS)[number]>;

/** Keeps the address an event tells, unless a later one is already kept. */
async function keepAddress(tx: Transaction, userId: string, email: string, event: AccountEvent): Promise<void> {
  const addresses = openAccountAddresses(tx);
  const kept = await addresses.findOne({ _id: userId }, { projection: { at: 1, seq: 1, deleted: 1 } });
  if (kept && (kept.deleted || !isNotOlder(event, kept))) return;
  await addresses.updateOne(
    { _id: userId },
    { $set: { email, at: event.occurredAt, ...keySeqAs('seq', event) } },
    { upsert: true },
  );
}

export async function onAccountEvent(tx: Transaction, event: AccountEvent): Promise<void> {
  switch (event.type) {
    // An announcement (identity answering facts.requested) is the address as of its write: an older change never overwrites it.
    case 'user.announced':
    case 'user.registered':
      return keepAddress(tx, event.data.user_id, event.data.email, event);
    case 'user.email_changed':
      return keepAddress(tx, event.data.user_id, event.data.new_email, event);
    case 'user.deleted':
      await openAccountAddresses(tx).updateOne(
        { _id: event.data.user_id },
        { $set: { email: '', at: event.occurredAt, ...keySeqAs('seq', event), deleted: true } },
        { upsert: true },
      );
  }
}

/** The address a signed-in sender's receipt goes to, or null when none is known. */
export async function confirmedAddressOf(store: Store, userId: string): Promise<string | null> {
  const kept = await openAccountAddresses(store).findOne({ _id: userId }, { projection: { email: 1, deleted: 1 } });
  return kept && !kept.deleted && kept.email ? kept.email : null;
}
