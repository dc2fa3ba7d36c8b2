import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';

/** A user's balances; points and talk tickets are only ever changed by guarded $inc. */
export interface Wallet {
  _id: string;
  points: number;
  talk_tickets: number;
  opened_at: string;
  [key: string]: unknown;
}

export function openWallets(store: DocumentStore | Transaction): Collection<Wallet> {
  return store.collection<Wallet>('wallets');
}

/** user.registered → an empty wallet; a redelivery leaves the existing one untouched. */
/** user.registered opens the wallet; user.deleted erases it (the account's data leaves with it). */
export async function onUserEvent(wallets: Collection<Wallet>, event: EventOf<'user.registered' | 'user.deleted'>): Promise<void> {
  if (event.type === 'user.registered') await openWalletFor(wallets, event);
  else await wallets.deleteOne({ _id: event.data.user_id });
}

export async function openWalletFor(wallets: Collection<Wallet>, event: EventOf<'user.registered'>): Promise<void> {
  const { data } = event;
  await wallets.updateOne({ _id: data.user_id }, { $setOnInsert: { points: 0, talk_tickets: 0, opened_at: event.occurredAt } }, { upsert: true });
}
