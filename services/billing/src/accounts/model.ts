import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { InterfaceLanguage } from '@talkwith/proto/identity';
import { callErrors } from '../errors.ts';

/**
 * What billing knows of an account, projected from identity's events
 * (consumer group `billing-accounts`): the address receipts go to, the date of
 * birth the minors' spending cap is reckoned from, the interface language its
 * mails are written in, and whether it still
 * exists. A deleted account keeps its record (with `deleted_at`) so the money
 * records that name it stay explainable to an operator.
 */
export interface BillingAccount {
  _id: string;
  email: string;
  /** YYYY-MM-DD; absent or 1900-01-01 when not known. */
  date_of_birth?: string;
  registered_at: string;
  /** When a minor declared the guardian's consent at sign-up (identity's user.registered). */
  guardian_consent_at?: string;
  /** The interface language (user.registered, then user.language_changed); absent: not known, mails in Japanese. */
  language?: InterfaceLanguage;
  deleted_at: string | null;
  /** When identity's newest event applied here was published: an announcement older than that never overwrites the address or language. */
  facts_at?: string;
  /** Identity's write number for the account (`keySeq`) of that newest event, when it carried one: compared instead of `facts_at`. */
  facts_seq?: number;
  [key: string]: unknown;
}

export function openAccounts(store: DocumentStore | Transaction): Collection<BillingAccount> {
  return store.collection<BillingAccount>('billing_accounts');
}

export async function accountOf(store: DocumentStore | Transaction, userId: string): Promise<BillingAccount | null> {
  return openAccounts(store).findOne({ _id: userId });
}

/** An account that exists and is not deleted, or 404 NOT_FOUND (an operator's grant to a mistyped id is refused). */
export async function requireLiveAccount(store: DocumentStore | Transaction, userId: string): Promise<BillingAccount> {
  const account = await accountOf(store, userId);
  if (!account || account.deleted_at !== null) throw callErrors.userNotFound();
  return account;
}
