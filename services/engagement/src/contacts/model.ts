import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type {
  ContactCategory,
  ContactChannel,
  ContactMessage,
  ContactStatus,
  DeviceInfo,
} from '@talkwith/proto/engagement';

/** One contact form as stored (collection `contacts`, owned by this area). */
export interface ContactDoc {
  _id: string;
  channel: ContactChannel;
  category: ContactCategory;
  status: ContactStatus;
  email: string;
  name: string | null;
  /** The sender's account; null when sent logged out or after the account was deleted. */
  user_id: string | null;
  message: string;
  device: DeviceInfo | null;
  character_id: string | null;
  thread: ContactMessage[];
  /** The number the sender is shown (numbers.ts); absent on contacts stored before numbers existed. */
  receipt_number?: string;
  /**
   * Where the receipt goes: a signed-in sender's confirmed address (accounts.ts),
   * never the form's `email`. A receipt is owed only when it is set
   * (`receipt_owed`); anonymous contacts are answered on screen only.
   */
  receipt_to?: string | null;
  receipt_owed?: boolean;
  created_at: string;
  updated_at: string;
  /** Set once the receipt mail was sent: a redelivered `contact.received` then mails nothing. */
  receipt_sent_at: string | null;
  /** A sender's claim on the receipt (receipts.ts): only the claimant mails it until the claim lapses. */
  receipt_claimed_at: string | null;
  receipt_attempts: number;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;
export const openContacts = (store: Store): Collection<ContactDoc> => store.collection<ContactDoc>('contacts');

export async function ensureContactIndexes(store: DocumentStore): Promise<void> {
  await openContacts(store).createIndex({ created_at: -1 });
  await openContacts(store).createIndex({ status: 1, created_at: -1 });
  await openContacts(store).createIndex({ user_id: 1 });
  await openContacts(store).createIndex({ receipt_sent_at: 1, created_at: 1 });
  await openContacts(store).createIndex({ receipt_number: 1 });
}
