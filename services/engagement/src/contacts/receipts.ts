import type { Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import type { EngagementDeps } from '../deps.ts';
import { receiptMail } from './mails.ts';
import { openContacts } from './model.ts';

export const RECEIPT_SWEEP_JOB = 'engagement.contact-receipts';
/** How often the sweep looks for receipts still due. */
export const RECEIPT_SWEEP_MS = 60_000;
/** A claim older than this is taken to be from a sender that died or hung: the receipt may be claimed again. */
export const RECEIPT_CLAIM_MS = 60_000;
/** Tries per receipt before it is given up (the admin view shows `receipt_sent_at: null`). */
export const RECEIPT_MAX_ATTEMPTS = 5;
const SWEEP_BATCH = 50;

/**
 * `contact.received` (consumer group `engagement-contacts`): mails the receipt,
 * when one is owed (a signed-in sender's confirmed address; contacts stored
 * before that rule have no `receipt_owed` and are never mailed), once the
 * handler's transaction has committed. It cannot be sent inside it:
 * the outbox mailer writes to the same store, which (embedded) refuses writes
 * from inside an open transaction that do not go through it. A send that fails
 * or never happens (a crash right after the commit) is left to the sweep.
 */
export async function onContactReceived(
  deps: EngagementDeps,
  event: EventOf<'contact.received'>,
  tx: Transaction,
): Promise<void> {
  const contact = await openContacts(tx).findOne(
    { _id: event.data.contact_id },
    { projection: { receipt_sent_at: 1, receipt_owed: 1 } },
  );
  if (!contact || contact.receipt_owed !== true || contact.receipt_sent_at !== null) return;
  tx.afterCommit(() => {
    deliverReceipt(deps, contact._id).catch((err: unknown) =>
      deps.platform.logger.warn({ err, contactId: contact._id }, 'contact receipt not sent; the sweep retries'),
    );
  });
}

/**
 * Sends one contact's receipt unless it was sent already, outside any
 * transaction. A conditional claim (`receipt_claimed_at`) lets one sender at a
 * time through; `receipt_sent_at`, written after the send succeeds, stops
 * every later one (a redelivered event, the sweep). What remains is
 * at-least-once: if the process dies (or the store fails) between the mail
 * leaving and `receipt_sent_at` being written, the claim lapses after
 * RECEIPT_CLAIM_MS and the sweep mails the receipt a second time. Returns
 * whether this call sent it.
 */
export async function deliverReceipt(
  { platform, config }: EngagementDeps,
  contactId: string,
  now = new Date(),
): Promise<boolean> {
  const contacts = openContacts(platform.store);
  const claimedAt = now.toISOString();
  const lapsed = new Date(now.getTime() - RECEIPT_CLAIM_MS).toISOString();
  const claimed = await contacts.findOneAndUpdate(
    {
      _id: contactId,
      receipt_owed: true,
      receipt_sent_at: null,
      receipt_attempts: { $lt: RECEIPT_MAX_ATTEMPTS },
      $or: [{ receipt_claimed_at: null }, { receipt_claimed_at: { $lt: lapsed } }],
    },
    { $set: { receipt_claimed_at: claimedAt }, $inc: { receipt_attempts: 1 } },
  );
  if (!claimed?.receipt_to) return false;
  try {
    await platform.mail.send(receiptMail(claimed, claimed.receipt_to, config.SUPPORT_MAIL_FROM));
  } catch (err) {
    await contacts.updateOne({ _id: contactId, receipt_claimed_at: claimedAt }, { $set: { receipt_claimed_at: null } });
    throw err;
  }
  await contacts.updateOne(
    { _id: contactId },
    { $set: { receipt_sent_at: new Date().toISOString(), receipt_claimed_at: null } },
  );
  return true;
}

/** Receipts still due (failed, or lost to a crash) that are older than a claim: each is tried again. Returns how many were sent. */
export async function sendDueReceipts(deps: EngagementDeps, now = new Date()): Promise<number> {
  const settled = new Date(now.getTime() - RECEIPT_CLAIM_MS).toISOString();
  const due = await openContacts(deps.platform.store).find(
    {
      receipt_owed: true,
      receipt_sent_at: null,
      receipt_attempts: { $lt: RECEIPT_MAX_ATTEMPTS },
      created_at: { $lte: settled },
    },
    { sort: { created_at: 1 }, limit: SWEEP_BATCH, projection: { _id: 1 } },
  );
  let sent = 0;
  for (const { _id } of due) {
    try {
      if (await deliverReceipt(deps, _id, now)) sent += 1;
    } catch (err) {
      deps.platform.logger.warn({ err, contactId: _id }, 'contact receipt not sent; tried again on the next sweep');
    }
  }
  return sent;
}

/** Defines the sweep (prepare: before the queue starts). */
export function defineReceiptSweep(deps: EngagementDeps): void {
  deps.platform.jobs.define(
    RECEIPT_SWEEP_JOB,
    async () => {
      await sendDueReceipts(deps);
    },
    { concurrency: 1 },
  );
}

/** Repeats it every RECEIPT_SWEEP_MS (start). */
export async function scheduleReceiptSweep(deps: EngagementDeps): Promise<void> {
  await deps.platform.jobs.repeat(RECEIPT_SWEEP_JOB, {}, { everyMs: RECEIPT_SWEEP_MS, repeatId: RECEIPT_SWEEP_JOB });
}
