import type { BillingDeps } from '../deps.ts';
import { openBillingMails } from './model.ts';

/** A claim older than this is from a sender that died or hung: the mail may be claimed again. */
export const MAIL_CLAIM_MS = 60_000;
/** Tries per mail before it is given up (it stays with sent_at null for an operator to see). */
export const MAIL_MAX_ATTEMPTS = 5;
export const MAIL_SWEEP_JOB = 'billing.mails';
const MAIL_SWEEP_MS = 60_000;
const SWEEP_BATCH = 50;

/**
 * Sends one mail unless it went already, outside any transaction (as
 * engagement's contact receipts): a conditional claim lets one sender through,
 * `sent_at` stops every later one. At-least-once only if the process dies
 * between the port taking the mail and `sent_at` being written. Returns
 * whether this call sent it.
 */
export async function deliverMail({ platform }: BillingDeps, mailId: string, now = new Date()): Promise<boolean> {
  const mails = openBillingMails(platform.store);
  const claimedAt = now.toISOString();
  const lapsed = new Date(now.getTime() - MAIL_CLAIM_MS).toISOString();
  const claimed = await mails.findOneAndUpdate(
    {
      _id: mailId,
      sent_at: null,
      attempts: { $lt: MAIL_MAX_ATTEMPTS },
      $or: [{ claimed_at: null }, { claimed_at: { $lt: lapsed } }],
    },
    { $set: { claimed_at: claimedAt }, $inc: { attempts: 1 } },
  );
  if (!claimed) return false;
  try {
    await platform.mail.send({ to: claimed.to, subject: claimed.subject, text: claimed.text });
  } catch (err) {
    await mails.updateOne({ _id: mailId, claimed_at: claimedAt }, { $set: { claimed_at: null } });
    throw err;
  }
  await mails.updateOne({ _id: mailId }, { $set: { sent_at: new Date().toISOString(), claimed_at: null } });
  return true;
}

/** Mails still due (a failed send, a crash after the commit) older than a claim: each is tried again. */
export async function sendDueMails(deps: BillingDeps, now = new Date()): Promise<number> {
  const settled = new Date(now.getTime() - MAIL_CLAIM_MS).toISOString();
  const due = await openBillingMails(deps.platform.store).find(
    { sent_at: null, attempts: { $lt: MAIL_MAX_ATTEMPTS }, created_at: { $lte: settled } },
    { sort: { created_at: 1 }, limit: SWEEP_BATCH, projection: { _id: 1 } },
  );
  let sent = 0;
  for (const { _id } of due) {
    try {
      if (await deliverMail(deps, _id, now)) sent += 1;
    } catch (err) {
      deps.platform.logger.warn({ err, mailId: _id }, 'billing mail not sent; tried again on the next sweep');
    }
  }
  return sent;
}

export function defineMailSweep(deps: BillingDeps): void {
  deps.platform.jobs.define(
    MAIL_SWEEP_JOB,
    async () => {
      await sendDueMails(deps);
    },
    { concurrency: 1 },
  );
}

export async function scheduleMailSweep(deps: BillingDeps): Promise<void> {
  await deps.platform.jobs.repeat(MAIL_SWEEP_JOB, {}, { everyMs: MAIL_SWEEP_MS, repeatId: MAIL_SWEEP_JOB });
}
