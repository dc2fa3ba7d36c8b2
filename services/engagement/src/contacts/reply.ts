import type { ContactMessage, ContactReplyBody } from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { contactById, recordReply } from './admin.ts';
import { DEFAULT_REPLY_SUBJECT, replyMail } from './mails.ts';
import type { ContactDoc } from './model.ts';
import { contactErrors, messages } from '../errors.ts';

export const REPLY_NOT_SENT = messages.replyNotSent;

/**
 * An admin's answer: mailed first, recorded after. The mail cannot share the
 * store transaction (the outbox mailer writes to the same store), so one of
 * the two goes first; sending first means a failed send records nothing
 * (503, the admin tries again) and the thread never shows a reply the
 * customer did not get. The opposite gap remains: if the store write fails
 * after the mail left (or the contact was deleted meanwhile), the customer has
 * a reply the thread lacks; it is logged with the mail's id.
 */
export async function replyToContact(
  deps: EngagementDeps,
  adminId: string,
  id: string,
  body: ContactReplyBody,
): Promise<ContactDoc> {
  const subject = body.subject?.trim() || DEFAULT_REPLY_SUBJECT;
  // A line break in a subject would let a reply write its own mail headers.
  if (/[\r\n]/.test(subject)) throw contactErrors.subjectLineBreak();
  const contact = await contactById(deps, id);
  const sent = await sendReply(deps, replyMail(contact, subject, body.body, deps.config.SUPPORT_MAIL_FROM));
  const message: ContactMessage = { from: 'admin', body: body.body, at: sent.sentAt, admin_id: adminId, subject };
  try {
    return await recordReply(deps, adminId, id, message);
  } catch (err) {
    deps.platform.logger.error({ err, contactId: id, mailId: sent.id }, 'contact reply mailed but not recorded');
    throw err;
  }
}

async function sendReply(deps: EngagementDeps, mail: ReturnType<typeof replyMail>) {
  try {
    return await deps.platform.mail.send(mail);
  } catch (err) {
    deps.platform.logger.warn({ err }, 'contact reply not sent');
    throw contactErrors.replyNotSent(err);
  }
}
