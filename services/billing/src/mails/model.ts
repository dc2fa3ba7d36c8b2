import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';

export type BillingMailKind =
  | 'purchase'
  | 'subscription_started'
  | 'subscription_renewed'
  | 'subscription_canceled'
  | 'subscription_renewal_failed'
  | 'account_deleted';

/**
 * One mail billing owes a customer (`billing_mails`). Written by the
 * consumer in the transaction that handles the event (its `_id` is the kind
 * and the event id, so a redelivered event finds it and writes nothing), and
 * sent after that transaction commits: the mail port cannot write inside it.
 * `sent_at` is set once the port took it; the sweep sends what is still due.
 */
export interface BillingMailDoc {
  _id: string;
  kind: BillingMailKind;
  event_id: string;
  user_id: string;
  to: string;
  subject: string;
  text: string;
  created_at: string;
  sent_at: string | null;
  claimed_at: string | null;
  attempts: number;
  [key: string]: unknown;
}

export function openBillingMails(store: DocumentStore | Transaction): Collection<BillingMailDoc> {
  return store.collection<BillingMailDoc>('billing_mails');
}

export async function ensureBillingMailIndexes(store: DocumentStore): Promise<void> {
  await openBillingMails(store).createIndex({ sent_at: 1, created_at: 1 });
  await openBillingMails(store).createIndex({ user_id: 1, created_at: -1 });
}
