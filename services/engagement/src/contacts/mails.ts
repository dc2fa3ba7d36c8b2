import type { MailMessage } from '@talkwith/platform';
import { CONTACT_CATEGORY_NAMES_JA } from '@talkwith/proto/engagement';
import type { ContactDoc } from './model.ts';

/**
 * The mails of the contacts area, in Japanese. They are sent From the
 * platform's MAIL_FROM (the address the mail server may send as) with
 * Reply-To the support address (SUPPORT_MAIL_FROM), which the text names too.
 */
const signature = (supportAddress: string) =>
  `\n\n──\nTALK WITH サポート\nお問い合わせ窓口: ${supportAddress}\nお心当たりのない場合は、このメールを破棄してください。`;

export const DEFAULT_REPLY_SUBJECT = '【TALK WITH】お問い合わせへのご回答';

/**
 * The receipt, to the signed-in sender's confirmed address only (submit.ts,
 * accounts.ts). It names the receipt number and the category and nothing the
 * sender typed: no message, no name, no link of theirs, so the form cannot be
 * used to send someone else a text under our name.
 */
export function receiptMail(
  contact: Pick<ContactDoc, '_id' | 'category' | 'receipt_number'>,
  to: string,
  supportAddress: string,
): MailMessage {
  return {
    to,
    subject: '【TALK WITH】お問い合わせを受け付けました',
    replyTo: supportAddress,
    text:
      [
        'お問い合わせを受け付けました。内容を確認のうえ、担当者よりご連絡いたします。',
        '',
        `受付番号: ${numberOf(contact)}`,
        `お問い合わせの種類: ${CONTACT_CATEGORY_NAMES_JA[contact.category]}`,
      ].join('\n') + signature(supportAddress),
  };
}

/** The number the sender was shown; contacts stored before numbers existed have their id. */
const numberOf = (contact: Pick<ContactDoc, '_id' | 'receipt_number'>) => contact.receipt_number ?? contact._id;

/** An admin's answer, mailed to the address the contact was sent from. */
export function replyMail(
  contact: Pick<ContactDoc, '_id' | 'email' | 'receipt_number'>,
  subject: string,
  body: string,
  supportAddress: string,
): MailMessage {
  return {
    to: contact.email,
    subject,
    replyTo: supportAddress,
    text: `${body}\n\n(受付番号: ${numberOf(contact)})${signature(supportAddress)}`,
  };
}
