import type { EventOf } from '@talkwith/proto';
import type { Receipt } from '@talkwith/proto/billing';
import { DEFAULT_INTERFACE_LANGUAGE, isInterfaceLanguage, type InterfaceLanguage } from '@talkwith/proto/identity';
import { receiptLines, yen } from '../receipts/receipt.ts';
import { MAIL_TEXTS } from './texts.ts';

export { japanDateTime } from './texts.ts';

/**
 * The texts of billing's mails, in the account's interface language (identity's
 * user.registered / user.language_changed, kept in billing's account
 * projection); Japanese, the product's first language, when it is not known.
 * The wording lives in one table per language (texts.ts); these functions only
 * put the lines together.
 */
export interface Composed {
  subject: string;
  text: string;
}

export interface PlanFacts {
  name: string;
  amount: number;
  period_start: string;
  period_end: string;
}

/** The language a mail is written in: the account's if it is one the interface has, else Japanese. */
export function mailLanguageOf(language: unknown): InterfaceLanguage {
  return isInterfaceLanguage(language) ? language : DEFAULT_INTERFACE_LANGUAGE;
}

const links = (publicUrl: string) => ({
  purchases: `${publicUrl}/full/purchases`,
  plans: `${publicUrl}/mypage#plan_list`,
  contact: `${publicUrl}/contact`,
});

export function purchaseMail(publicUrl: string, receipt: Receipt, language: InterfaceLanguage = 'ja-JP'): Composed {
  const t = MAIL_TEXTS[language];
  return {
    subject: t.subject(t.purchase.subject(receipt.order_number)),
    text: [
      t.thanks,
      t.purchase.done,
      '',
      ...receiptLines(receipt, language),
      '',
      t.purchase.receiptLink(links(publicUrl).purchases),
      t.purchase.contact(receipt.order_number, links(publicUrl).contact),
      ...t.footer,
    ].join('\n'),
  };
}

export function subscriptionStartedMail(
  publicUrl: string,
  plan: PlanFacts,
  receipt: Receipt | null,
  language: InterfaceLanguage = 'ja-JP',
): Composed {
  const t = MAIL_TEXTS[language];
  return {
    // A resumed plan (canceled, then taken back before its period ended) has nothing charged: its own subject, not a start's or a renewal's.
    subject: t.subject(receipt ? t.started.subject(plan.name) : t.started.resumedSubject(plan.name)),
    text: [
      t.thanks,
      receipt ? t.started.done(plan.name) : t.started.resumed(plan.name),
      '',
      t.started.plan(plan.name, yen(plan.amount)),
      t.period(t.date(plan.period_start), t.date(plan.period_end)),
      t.started.nextPayment(t.date(plan.period_end)),
      '',
      ...(receipt ? [...receiptLines(receipt, language), ''] : []),
      t.manage(links(publicUrl).plans),
      ...t.footer,
    ].join('\n'),
  };
}

export function subscriptionRenewedMail(
  publicUrl: string,
  plan: PlanFacts,
  receipt: Receipt,
  language: InterfaceLanguage = 'ja-JP',
): Composed {
  const t = MAIL_TEXTS[language];
  return {
    subject: t.subject(t.renewed.subject(plan.name, receipt.order_number)),
    text: [
      t.thanks,
      t.renewed.done(plan.name),
      '',
      t.period(t.date(plan.period_start), t.date(plan.period_end)),
      t.renewed.nextPayment(t.date(plan.period_end)),
      '',
      ...receiptLines(receipt, language),
      '',
      t.renewed.receiptLink(links(publicUrl).purchases),
      t.manage(links(publicUrl).plans),
      ...t.footer,
    ].join('\n'),
  };
}

export function subscriptionCanceledMail(
  publicUrl: string,
  plan: PlanFacts,
  language: InterfaceLanguage = 'ja-JP',
): Composed {
  const t = MAIL_TEXTS[language];
  return {
    subject: t.subject(t.canceled.subject(plan.name)),
    text: [
      t.thanks,
      t.canceled.done(plan.name),
      '',
      t.canceled.until(t.date(plan.period_end)),
      t.canceled.noCharge,
      t.canceled.resume(links(publicUrl).plans),
      ...t.footer,
    ].join('\n'),
  };
}

export function accountDeletedMail(
  publicUrl: string,
  plans: Array<{ name: string }>,
  language: InterfaceLanguage = 'ja-JP',
): Composed {
  const t = MAIL_TEXTS[language];
  const what = plans.length > 0 ? [t.deleted.ended, ...plans.map((plan) => `・${plan.name}`)] : [t.deleted.none];
  return {
    subject: t.subject(t.deleted.subject),
    text: [
      t.thanksPast,
      t.deleted.done,
      '',
      ...what,
      '',
      t.deleted.kept,
      t.deleted.contact(links(publicUrl).contact),
      ...t.footer,
    ].join('\n'),
  };
}

/** One declined renewal: another try at retry_at (change the card before it), or the plan has ended (the last try). */
export function renewalFailedMail(
  publicUrl: string,
  planName: string,
  data: EventOf<'subscription.renewal_failed'>['data'],
  language: InterfaceLanguage = 'ja-JP',
): Composed {
  const t = MAIL_TEXTS[language].failed;
  const amount = yen(data.amount);
  const head = data.cause === 'spending_cap' ? t.cap(planName, amount) : t.declined(planName, amount, data.card_masked);
  const next = data.retry_at ? t.retry(MAIL_TEXTS[language].dateTime(data.retry_at)) : t.ended;
  return {
    subject: MAIL_TEXTS[language].subject(data.retry_at ? t.subjectRetry : t.subjectEnded),
    text: [head, next, '', t.mypage(links(publicUrl).plans), ...MAIL_TEXTS[language].footer].join('\n'),
  };
}
