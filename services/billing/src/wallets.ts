import type { Collection, DocumentStore } from '@talkwith/platform';
import type { EventEnvelope } from '@talkwith/proto';
import type { UserRegistered } from '@talkwith/proto/events';
import type { Static } from '@sinclair/typebox';

/** A user's balances; points and talk tickets are only ever changed by guarded $inc. */
export interface Wallet {
  _id: string;
  points: number;
  talk_tickets: number;
  opened_at: string;
  [key: string]: unknown;
}

export function openWallets(store: DocumentStore): Collection<Wallet> {
  return store.collection<Wallet>('wallets');
}

/** user.registered → an empty wallet; a redelivery leaves the existing one untouched. */
export async function openWalletFor(wallets: Collection<Wallet>, event: EventEnvelope): Promise<void> {
  const data = event.data as Static<typeof UserRegistered.data>;
  await wallets.updateOne({ _id: data.user_id }, { $setOnInsert: { points: 0, talk_tickets: 0, opened_at: event.occurredAt } }, { upsert: true });
}
