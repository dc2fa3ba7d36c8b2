import type { Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { openAccounts } from './model.ts';

export const ACCOUNT_EVENTS = ['user.registered', 'user.email_changed', 'user.deleted'] as const;
export type AccountEvent = EventOf<(typeof ACCOUNT_EVENTS)[number]>;

/**
 * Consumer group `billing-accounts` (each event id once, in `tx`, in the
 * order identity published them for the user). Upserts, so a redelivery
 * writes the same thing again.
 */
export async function onAccountEvent(tx: Transaction, event: AccountEvent): Promise<void> {
  const accounts = openAccounts(tx);
  switch (event.type) {
    case 'user.registered': {
      const { user_id, email, registered_at, date_of_birth, guardian_consent_at } = event.data;
      await accounts.updateOne(
        { _id: user_id },
        { $set: { email, registered_at, ...(date_of_birth ? { date_of_birth } : {}), ...(guardian_consent_at ? { guardian_consent_at } : {}) }, $setOnInsert: { deleted_at: null } },
        { upsert: true },
      );
      return;
    }
    case 'user.email_changed':
      await accounts.updateOne({ _id: event.data.user_id }, { $set: { email: event.data.new_email } });
      return;
    case 'user.deleted':
      await accounts.updateOne(
        { _id: event.data.user_id },
        { $set: { deleted_at: event.occurredAt }, $setOnInsert: { email: '', registered_at: event.occurredAt } },
        { upsert: true },
      );
  }
}
