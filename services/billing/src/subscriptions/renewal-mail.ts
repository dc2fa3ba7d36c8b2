import type { Collection, DocumentStore, MailMessage, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { accountOf } from '../accounts/index.ts';
import type { BillingDeps } from '../deps.ts';
import { PLANS } from './plans.ts';

/** Consumer group `billing-renewal-mail`: the subscriber is told by mail of each declined renewal (engagement adds the notification). */
export const RENEWAL_MAIL_EVENTS = ['subscription.renewal_failed'] as const;
type RenewalFailed = EventOf<'subscription.renewal_failed'>;

const signature = '\n\n──\nTALK WITH サポート\nこのメールは送信専用です。ご不明な点はお問い合わせフォームからご連絡ください。';
const JST_OFFSET_MS = 9 * 60 * 60_000;

/** "2026年5月1日 09:00" on the Japanese calendar and clock. */
export function japanDateTime(iso: string): string {
  const d = new Date(Date.parse(iso) + JST_OFFSET_MS);
  const hm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hm}`;
}

const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

/** The mail of one declined renewal: another try at retry_at (change the card before it), or the plan has ended (the last try). */
export function renewalFailedMail(to: string, planName: string, data: RenewalFailed['data'], publicUrl: string): MailMessage {
  const card = data.card_masked ? `ご登録のカード（${data.card_masked}）` : 'ご登録のカード';
  const head = `「${planName}」の更新料金 ${yen(data.amount)}（税込）を${card}でお支払いいただけませんでした。`;
  const next = data.retry_at
    ? `${japanDateTime(data.retry_at)} ごろにもう一度お支払いを試みます。それまでにマイページの「このプランのカードを変更」から、お使いいただけるカードに変更してください。ご契約はそれまでご利用いただけます。`
    : 'お支払いを何度か試みましたが完了しなかったため、ご契約は終了しました。引き続きご利用の場合は、マイページから再度お申し込みください。';
  return {
    to,
    subject: data.retry_at ? '【TALK WITH】月額プランのお支払いができませんでした' : '【TALK WITH】お支払いができなかったため月額プランが終了しました',
    text: `${head}\n${next}\n\nマイページ: ${publicUrl}/mypage#plan_list${signature}`,
  };
}

/** One mail to send per declined renewal: kept in the store in the consumer's transaction, sent after it commits (the sweep sends what was left). */
export interface RenewalMailDoc {
  _id: string;
  user_id: string;
  data: RenewalFailed['data'];
  created_at: string;
  sent_at: string | null;
  claimed_at: string | null;
  attempts: number;
  /** Why nothing was sent: the account is deleted or has no address. */
  skipped?: 'deleted' | 'no_address';
  [key: string]: unknown;
}

/** A claim older than this belongs to a sender that died: the mail may be claimed again. */
const CLAIM_MS = 60_000;
const MAX_ATTEMPTS = 5;

export function openRenewalMails(store: DocumentStore | Transaction): Collection<RenewalMailDoc> {
  return store.collection<RenewalMailDoc>('billing_renewal_mails');
}

export type MailDeps = Pick<BillingDeps, 'platform' | 'publicUrl'>;

/**
 * Consumer group `billing-renewal-mail`: the mail is recorded in the
 * handler's transaction and sent once it commits (the outbox mailer writes to
 * the same store, which refuses other writes inside an open transaction).
 */
export async function onRenewalFailed(tx: Transaction, deps: MailDeps, event: RenewalFailed): Promise<void> {
  const id = `${event.data.subscription_id}:${event.data.period}:${event.data.attempt}`;
  await openRenewalMails(tx).updateOne({ _id: id }, {
    $setOnInsert: { user_id: event.data.user_id, data: event.data, created_at: event.occurredAt, sent_at: null, claimed_at: null, attempts: 0 },
  }, { upsert: true });
  tx.afterCommit(() => {
    deliverRenewalMail(deps, id).catch((err: unknown) => deps.platform.logger.warn({ err, id }, 'renewal failure mail not sent; the sweep retries'));
  });
}

const planName = (code: string) => (PLANS as Record<string, { name: string } | undefined>)[code]?.name ?? code;

/**
 * Sends one mail unless it was sent: a conditional claim lets one sender
 * through; at least once (a crash between the send and `sent_at` sends it
 * again after the claim lapses). An account billing does not know yet is
 * tried again later; a deleted one, or one without an address, gets nothing.
 */
export async function deliverRenewalMail(deps: MailDeps, id: string, now = new Date()): Promise<boolean> {
  const mails = openRenewalMails(deps.platform.store);
  const claimedAt = now.toISOString();
  const lapsed = new Date(now.getTime() - CLAIM_MS).toISOString();
  const claimed = await mails.findOneAndUpdate(
    { _id: id, sent_at: null, attempts: { $lt: MAX_ATTEMPTS }, $or: [{ claimed_at: null }, { claimed_at: { $lt: lapsed } }] },
    { $set: { claimed_at: claimedAt }, $inc: { attempts: 1 } },
  );
  if (!claimed) return false;
  const account = await accountOf(deps.platform.store, claimed.user_id);
  const skipped = account?.deleted_at ? 'deleted' : account && !account.email ? 'no_address' : null;
  if (!account || skipped) {
    await mails.updateOne({ _id: id }, skipped ? { $set: { sent_at: claimedAt, skipped, claimed_at: null } } : { $set: { claimed_at: null } });
    return false;
  }
  try {
    await deps.platform.mail.send(renewalFailedMail(account.email, planName(claimed.data.product_code), claimed.data, deps.publicUrl));
  } catch (err) {
    await mails.updateOne({ _id: id, claimed_at: claimedAt }, { $set: { claimed_at: null } });
    throw err;
  }
  await mails.updateOne({ _id: id }, { $set: { sent_at: new Date().toISOString(), claimed_at: null } });
  return true;
}

/** Mails still due (failed, lost to a crash, or waiting for the account) older than a claim: each tried again (the renewal job runs this). */
export async function sendDueRenewalMails(deps: MailDeps, now = new Date()): Promise<number> {
  const settled = new Date(now.getTime() - CLAIM_MS).toISOString();
  const due = await openRenewalMails(deps.platform.store).find({ sent_at: null, attempts: { $lt: MAX_ATTEMPTS }, created_at: { $lte: settled } }, { sort: { created_at: 1 }, limit: 100, projection: { _id: 1 } });
  let sent = 0;
  for (const { _id } of due) {
    try {
      if (await deliverRenewalMail(deps, _id, now)) sent += 1;
    } catch (err) {
      deps.platform.logger.warn({ err, id: _id }, 'renewal failure mail not sent; the next sweep retries');
    }
  }
  return sent;
}
