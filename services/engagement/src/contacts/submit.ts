import { randomUUID } from 'node:crypto';
import { isAppError } from '@talkwith/platform';
import { reserveOrRefuse, type Budget } from '@talkwith/platform/limits';
import { assertValidMessage } from '@talkwith/platform/mail';
import { DEVICE_CATEGORIES, type ContactBody } from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { confirmedAddressOf } from './accounts.ts';
import { DEFAULT_REPLY_SUBJECT, replyMail } from './mails.ts';
import { openContacts, type ContactDoc } from './model.ts';
import { allocateReceiptNumber } from './numbers.ts';
import { contactErrors } from '../errors.ts';

export interface ContactSubmission {
  form: ContactBody;
  /** From the verified token only; null when sent logged out. */
  userId: string | null;
  /** The client address the request came from (rate limit). */
  clientAddress: string;
}

export const CONTACT_RATE_LIMITED =
  'お問い合わせの送信回数が上限に達したため、一時的に制限されています。しばらくしてから再度お試しください。';

/** Who sends: the account when logged in, else the address typed into the form (lower-cased, so case tricks do not add slots). */
export function senderOf(userId: string | null, email: string): string {
  return userId === null ? `email:${email.trim().toLowerCase()}` : `user:${userId}`;
}

/**
 * Forms per sender (`CONTACT_MAX_PER_WINDOW`) and per client address
 * (`CONTACT_MAX_PER_ADDRESS`) in one fixed window; the platform limiter keeps
 * only hashes of the e-mail and the address in the cache.
 */
export const contactBudgets = ({ config }: EngagementDeps, sender: string, address: string): Budget[] => [
  { name: 'contact.sender', key: sender, max: config.CONTACT_MAX_PER_WINDOW, windowMs: config.CONTACT_WINDOW_MS },
  { name: 'contact.address', key: address, max: config.CONTACT_MAX_PER_ADDRESS, windowMs: config.CONTACT_WINDOW_MS },
];

/**
 * Takes a contact form: checks the address can be mailed (admins reply to
 * it), counts it against the rate limits, then stores it with its receipt
 * number and publishes `contact.received` in one transaction. A receipt mail
 * is owed only to a signed-in sender, at the account's confirmed address
 * (accounts.ts), never at the typed one: the form must not mail strangers.
 */
export async function submitContact(
  deps: EngagementDeps,
  submission: ContactSubmission,
  now = new Date(),
): Promise<ContactDoc> {
  const receiptTo =
    submission.userId === null ? null : await confirmedAddressOf(deps.platform.store, submission.userId);
  const contact = newContact(submission, receiptTo, now);
  assertMailable(contact, deps.config.SUPPORT_MAIL_FROM);
  await reserveOrRefuse(
    deps.platform.cache,
    contactBudgets(deps, senderOf(submission.userId, contact.email), submission.clientAddress),
    CONTACT_RATE_LIMITED,
  );
  const { store, events } = deps.platform;
  await store.withTransaction(async (tx) => {
    contact.receipt_number = await allocateReceiptNumber(tx, contact._id, now);
    await openContacts(tx).insertOne(contact);
    await events.publish(
      'contact.received',
      contact._id,
      {
        contact_id: contact._id,
        user_id: contact.user_id,
        category: contact.category,
        channel: contact.channel,
        received_at: contact.created_at,
      },
      tx,
    );
  });
  return contact;
}

function newContact({ form, userId }: ContactSubmission, receiptTo: string | null, now: Date): ContactDoc {
  const at = now.toISOString();
  const message = form.message.trim();
  if (message === '') throw contactErrors.emptyMessage();
  return {
    _id: randomUUID(),
    channel: form.channel,
    category: form.category,
    status: 'new',
    email: form.email.trim(),
    name: form.name?.trim() || null,
    user_id: userId,
    message,
    // Device details are asked for dialogue trouble and bugs only; anything else the client sends is not kept.
    device: DEVICE_CATEGORIES.includes(form.category) ? (form.device ?? null) : null,
    character_id: form.character_id ?? null,
    thread: [{ from: 'customer', body: message, at }],
    created_at: at,
    updated_at: at,
    receipt_to: receiptTo,
    receipt_owed: receiptTo !== null,
    receipt_sent_at: null,
    receipt_claimed_at: null,
    receipt_attempts: 0,
  };
}

/** An address the mail port would refuse (it is stricter than the schema's format) is a 400 now, not an admin's reply that never leaves. */
function assertMailable(contact: ContactDoc, supportAddress: string): void {
  try {
    assertValidMessage(replyMail(contact, DEFAULT_REPLY_SUBJECT, '', supportAddress));
  } catch (err) {
    if (isAppError(err) && err.code === 'VALIDATION_FAILED') throw contactErrors.badEmail();
    throw err;
  }
}
