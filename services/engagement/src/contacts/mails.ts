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

/** The receipt: the category by its Japanese name and the message as sent, so the sender keeps a copy. */
export function receiptMail(contact: Pick<ContactDoc, '_id' | 'email' | 'category' | 'message'>, supportAddress: string): MailMessage {
  return {
    to: contact.email,
    subject: '【TALK WITH】お問い合わせを受け付けました',
    replyTo: supportAddress,
    text: [
      'お問い合わせを受け付けました。内容を確認のうえ、担当者よりご連絡いたします。',
      '',
      `受付番号: ${contact._id}`,
      `お問い合わせの種類: ${CONTACT_CATEGORY_NAMES_JA[contact.category]}`,
      '',
      '── お問い合わせ内容 ──',
      contact.message,
    ].join('\n') + signature(supportAddress),
  };
}

/** An admin's answer, mailed to the address the contact was sent from. */
export function replyMail(contact: Pick<ContactDoc, '_id' | 'email'>, subject: string, body: string, supportAddress: string): MailMessage {
  return {
    to: contact.email,
    subject,
    replyTo: supportAddress,
    text: `${body}\n\n(受付番号: ${contact._id})${signature(supportAddress)}`,
  };
}
