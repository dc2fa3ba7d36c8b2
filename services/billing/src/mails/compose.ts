import type { EventOf } from '@talkwith/proto';
import type { Receipt } from '@talkwith/proto/billing';
import { japaneseDate, receiptLines, yen } from '../receipts/receipt.ts';

/**
 * The texts of billing's mails. Japanese only: identity keeps no interface
 * language for an account (the web's language lives in the browser), so
 * billing cannot know another one; Japanese is the product's first language.
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

const FOOTER = ['', '※このメールは送信専用です。ご返信いただいてもお答えできません。', 'TALK WITH'];

const links = (publicUrl: string) => ({ purchases: `${publicUrl}/full/purchases`, plans: `${publicUrl}/mypage#plan_list`, contact: `${publicUrl}/contact` });

export function purchaseMail(publicUrl: string, receipt: Receipt): Composed {
  return {
    subject: `【TALK WITH】ご購入ありがとうございます（注文番号 ${receipt.order_number}）`,
    text: [
      'TALK WITH をご利用いただきありがとうございます。',
      '以下のご購入が完了しました。',
      '',
      ...receiptLines(receipt),
      '',
      `領収書は購入履歴からいつでも表示・印刷できます: ${links(publicUrl).purchases}`,
      `お問い合わせの際は注文番号（${receipt.order_number}）をお知らせください: ${links(publicUrl).contact}`,
      ...FOOTER,
    ].join('\n'),
  };
}

export function subscriptionStartedMail(publicUrl: string, plan: PlanFacts, receipt: Receipt | null): Composed {
  return {
    subject: `【TALK WITH】${plan.name}のご契約を開始しました`,
    text: [
      'TALK WITH をご利用いただきありがとうございます。',
      receipt ? `${plan.name}のお申し込みが完了しました。` : `${plan.name}のご契約を再開しました（追加のお支払いはありません）。`,
      '',
      `プラン: ${plan.name}（月額 ${yen(plan.amount)} 税込）`,
      `ご利用期間: ${japaneseDate(plan.period_start)}〜${japaneseDate(plan.period_end)}`,
      `次回のお支払い予定日: ${japaneseDate(plan.period_end)}（毎月自動で更新されます）`,
      '',
      ...(receipt ? [...receiptLines(receipt), ''] : []),
      `ご契約の確認・解約はマイページから: ${links(publicUrl).plans}`,
      ...FOOTER,
    ].join('\n'),
  };
}

export function subscriptionRenewedMail(publicUrl: string, plan: PlanFacts, receipt: Receipt): Composed {
  return {
    subject: `【TALK WITH】${plan.name}を更新しました（注文番号 ${receipt.order_number}）`,
    text: [
      'TALK WITH をご利用いただきありがとうございます。',
      `${plan.name}を更新し、今月分のお支払いが完了しました。`,
      '',
      `ご利用期間: ${japaneseDate(plan.period_start)}〜${japaneseDate(plan.period_end)}`,
      `次回のお支払い予定日: ${japaneseDate(plan.period_end)}`,
      '',
      ...receiptLines(receipt),
      '',
      `領収書は購入履歴からも表示・印刷できます: ${links(publicUrl).purchases}`,
      `ご契約の確認・解約はマイページから: ${links(publicUrl).plans}`,
      ...FOOTER,
    ].join('\n'),
  };
}

export function subscriptionCanceledMail(publicUrl: string, plan: PlanFacts): Composed {
  return {
    subject: `【TALK WITH】${plan.name}の解約を受け付けました`,
    text: [
      'TALK WITH をご利用いただきありがとうございます。',
      `${plan.name}の解約を受け付けました。`,
      '',
      `お支払い済みの期間の終わり（${japaneseDate(plan.period_end)}）までご利用いただけます。`,
      '以降、料金が請求されることはありません。',
      `期間内であれば、マイページから追加のお支払いなしで再開できます: ${links(publicUrl).plans}`,
      ...FOOTER,
    ].join('\n'),
  };
}

export function accountDeletedMail(publicUrl: string, plans: Array<{ name: string }>): Composed {
  const what = plans.length > 0
    ? ['アカウントの削除に伴い、以下のご契約を解約しました。今後、料金が請求されることはありません。', ...plans.map((plan) => `・${plan.name}`)]
    : ['ご契約中のプランはありませんでした。今後、料金が請求されることはありません。'];
  return {
    subject: '【TALK WITH】アカウント削除に伴うご契約の解約のお知らせ',
    text: [
      'TALK WITH をご利用いただきありがとうございました。',
      'お客様のアカウントを削除しました。',
      '',
      ...what,
      '',
      'お支払いの記録（注文番号・金額・日付）は、会計上の理由により法令に定める期間保管します。',
      `ご不明な点は注文番号を添えてお問い合わせください: ${links(publicUrl).contact}`,
      ...FOOTER,
    ].join('\n'),
  };
}

const JST_OFFSET_MS = 9 * 60 * 60_000;

/** "2026年5月1日 09:00" on the Japanese calendar and clock. */
export function japanDateTime(iso: string): string {
  const d = new Date(Date.parse(iso) + JST_OFFSET_MS);
  const hm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hm}`;
}

/** One declined renewal: another try at retry_at (change the card before it), or the plan has ended (the last try). */
export function renewalFailedMail(publicUrl: string, planName: string, data: EventOf<'subscription.renewal_failed'>['data']): Composed {
  const card = data.card_masked ? `ご登録のカード（${data.card_masked}）` : 'ご登録のカード';
  const head = data.cause === 'spending_cap'
    ? `「${planName}」の更新料金 ${yen(data.amount)}（税込）は、未成年のお客様の1か月のご利用上限を超えるため、お支払いいただけませんでした（カードへの請求は行っていません）。`
    : `「${planName}」の更新料金 ${yen(data.amount)}（税込）を${card}でお支払いいただけませんでした。`;
  const next = data.retry_at
    ? `${japanDateTime(data.retry_at)} ごろにもう一度お支払いを試みます。それまでにマイページの「このプランのカードを変更」から、お使いいただけるカードに変更してください。ご契約はそれまでご利用いただけます。`
    : 'お支払いを何度か試みましたが完了しなかったため、ご契約は終了しました。引き続きご利用の場合は、マイページから再度お申し込みください。';
  return {
    subject: data.retry_at ? '【TALK WITH】月額プランのお支払いができませんでした' : '【TALK WITH】お支払いができなかったため月額プランが終了しました',
    text: [head, next, '', `マイページ: ${links(publicUrl).plans}`, ...FOOTER].join('\n'),
  };
}
