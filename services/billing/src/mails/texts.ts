import type { InterfaceLanguage } from '@talkwith/proto/identity';
import { japaneseDate } from '../receipts/receipt.ts';

/**
 * The wording of billing's mails, one entry per interface language. Japanese
 * is the original (the product's first language, and the one used when an
 * account's language is not known); the others say the same things. Dates are
 * on the Japanese calendar and clock in every language (the service's time).
 */
export interface MailTexts {
  subject: (text: string) => string;
  thanks: string;
  thanksPast: string;
  footer: string[];
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  period: (start: string, end: string) => string;
  manage: (url: string) => string;
  purchase: {
    subject: (order: string) => string;
    done: string;
    receiptLink: (url: string) => string;
    contact: (order: string, url: string) => string;
  };
  started: {
    subject: (plan: string) => string;
    resumedSubject: (plan: string) => string;
    done: (plan: string) => string;
    resumed: (plan: string) => string;
    plan: (plan: string, amount: string) => string;
    nextPayment: (date: string) => string;
  };
  renewed: {
    subject: (plan: string, order: string) => string;
    done: (plan: string) => string;
    nextPayment: (date: string) => string;
    receiptLink: (url: string) => string;
  };
  canceled: {
    subject: (plan: string) => string;
    done: (plan: string) => string;
    until: (date: string) => string;
    noCharge: string;
    resume: (url: string) => string;
  };
  deleted: {
    subject: string;
    done: string;
    ended: string;
    none: string;
    kept: string;
    contact: (url: string) => string;
  };
  failed: {
    subjectRetry: string;
    subjectEnded: string;
    cap: (plan: string, amount: string) => string;
    declined: (plan: string, amount: string, card: string | undefined) => string;
    retry: (at: string) => string;
    ended: string;
    mypage: (url: string) => string;
  };
}

const JST_OFFSET_MS = 9 * 60 * 60_000;

/** "2026年5月1日 09:00" on the Japanese calendar and clock. */
export function japanDateTime(iso: string): string {
  const d = new Date(Date.parse(iso) + JST_OFFSET_MS);
  const hm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hm}`;
}

const inJapan = (locale: string, options: Intl.DateTimeFormatOptions) => (iso: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Tokyo', ...options }).format(new Date(iso));
const dateIn = (locale: string) => inJapan(locale, { dateStyle: 'long' });
const dateTimeIn = (locale: string) => inJapan(locale, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' });

export const MAIL_TEXTS: Record<InterfaceLanguage, MailTexts> = {
  'ja-JP': {
    subject: (text) => `【TALK WITH】${text}`,
    thanks: 'TALK WITH をご利用いただきありがとうございます。',
    thanksPast: 'TALK WITH をご利用いただきありがとうございました。',
    footer: ['', '※このメールは送信専用です。ご返信いただいてもお答えできません。', 'TALK WITH'],
    date: japaneseDate,
    dateTime: japanDateTime,
    period: (start, end) => `ご利用期間: ${start}〜${end}`,
    manage: (url) => `ご契約の確認・解約はマイページから: ${url}`,
    purchase: {
      subject: (order) => `ご購入ありがとうございます（注文番号 ${order}）`,
      done: '以下のご購入が完了しました。',
      receiptLink: (url) => `領収書は購入履歴からいつでも表示・印刷できます: ${url}`,
      contact: (order, url) => `お問い合わせの際は注文番号（${order}）をお知らせください: ${url}`,
    },
    started: {
      subject: (plan) => `${plan}のご契約を開始しました`,
      resumedSubject: (plan) => `${plan}のご契約を再開しました`,
      done: (plan) => `${plan}のお申し込みが完了しました。`,
      resumed: (plan) => `${plan}のご契約を再開しました（追加のお支払いはありません）。`,
      plan: (plan, amount) => `プラン: ${plan}（月額 ${amount} 税込）`,
      nextPayment: (date) => `次回のお支払い予定日: ${date}（毎月自動で更新されます）`,
    },
    renewed: {
      subject: (plan, order) => `${plan}を更新しました（注文番号 ${order}）`,
      done: (plan) => `${plan}を更新し、今月分のお支払いが完了しました。`,
      nextPayment: (date) => `次回のお支払い予定日: ${date}`,
      receiptLink: (url) => `領収書は購入履歴からも表示・印刷できます: ${url}`,
    },
    canceled: {
      subject: (plan) => `${plan}の解約を受け付けました`,
      done: (plan) => `${plan}の解約を受け付けました。`,
      until: (date) => `お支払い済みの期間の終わり（${date}）までご利用いただけます。`,
      noCharge: '以降、料金が請求されることはありません。',
      resume: (url) => `期間内であれば、マイページから追加のお支払いなしで再開できます: ${url}`,
    },
    deleted: {
      subject: 'アカウント削除に伴うご契約の解約のお知らせ',
      done: 'お客様のアカウントを削除しました。',
      ended: 'アカウントの削除に伴い、以下のご契約を解約しました。今後、料金が請求されることはありません。',
      none: 'ご契約中のプランはありませんでした。今後、料金が請求されることはありません。',
      kept: 'お支払いの記録（注文番号・金額・日付）は、会計上の理由により法令に定める期間保管します。',
      contact: (url) => `ご不明な点は注文番号を添えてお問い合わせください: ${url}`,
    },
    failed: {
      subjectRetry: '月額プランのお支払いができませんでした',
      subjectEnded: 'お支払いができなかったため月額プランが終了しました',
      cap: (plan, amount) =>
        `「${plan}」の更新料金 ${amount}（税込）は、未成年のお客様の1か月のご利用上限を超えるため、お支払いいただけませんでした（カードへの請求は行っていません）。`,
      declined: (plan, amount, card) =>
        `「${plan}」の更新料金 ${amount}（税込）を${card ? `ご登録のカード（${card}）` : 'ご登録のカード'}でお支払いいただけませんでした。`,
      retry: (at) =>
        `${at} ごろにもう一度お支払いを試みます。それまでにマイページの「このプランのカードを変更」から、お使いいただけるカードに変更してください。ご契約はそれまでご利用いただけます。`,
      ended:
        'お支払いを何度か試みましたが完了しなかったため、ご契約は終了しました。引き続きご利用の場合は、マイページから再度お申し込みください。',
      mypage: (url) => `マイページ: ${url}`,
    },
  },
  'en-US': {
    subject: (text) => `[TALK WITH] ${text}`,
    thanks: 'Thank you for using TALK WITH.',
    thanksPast: 'Thank you for having used TALK WITH.',
    footer: ['', 'This mail was sent from a send-only address; replies are not answered.', 'TALK WITH'],
    date: dateIn('en-US'),
    dateTime: (iso) => `${dateTimeIn('en-US')(iso)} (Japan time)`,
    period: (start, end) => `Period: ${start} – ${end}`,
    manage: (url) => `See or cancel your plan on My Page: ${url}`,
    purchase: {
      subject: (order) => `Thank you for your purchase (order ${order})`,
      done: 'Your purchase below is complete.',
      receiptLink: (url) => `You can view and print the receipt at any time in your purchase history: ${url}`,
      contact: (order, url) => `If you contact us, please give the order number (${order}): ${url}`,
    },
    started: {
      subject: (plan) => `Your ${plan} has started`,
      resumedSubject: (plan) => `Your ${plan} has been resumed`,
      done: (plan) => `Your subscription to ${plan} is complete.`,
      resumed: (plan) => `Your ${plan} has been resumed (no additional payment).`,
      plan: (plan, amount) => `Plan: ${plan} (${amount} a month, tax included)`,
      nextPayment: (date) => `Next payment: ${date} (renewed automatically every month)`,
    },
    renewed: {
      subject: (plan, order) => `Your ${plan} has been renewed (order ${order})`,
      done: (plan) => `Your ${plan} has been renewed and this month's payment is complete.`,
      nextPayment: (date) => `Next payment: ${date}`,
      receiptLink: (url) => `You can also view and print the receipt in your purchase history: ${url}`,
    },
    canceled: {
      subject: (plan) => `We have received the cancellation of your ${plan}`,
      done: (plan) => `We have received the cancellation of your ${plan}.`,
      until: (date) => `You can keep using it until the end of the paid period (${date}).`,
      noCharge: 'You will not be charged after that.',
      resume: (url) => `Until then you can resume it on My Page without paying again: ${url}`,
    },
    deleted: {
      subject: 'Your plans were cancelled with the deletion of your account',
      done: 'We have deleted your account.',
      ended: 'With the deletion of your account, we cancelled the plans below. You will not be charged again.',
      none: 'You had no running plan. You will not be charged again.',
      kept: 'Records of your payments (order number, amount, date) are kept for the period the law requires, for accounting.',
      contact: (url) => `If anything is unclear, contact us with the order number: ${url}`,
    },
    failed: {
      subjectRetry: 'We could not take the payment for your monthly plan',
      subjectEnded: 'Your monthly plan has ended because the payment could not be taken',
      cap: (plan, amount) =>
        `The renewal of "${plan}" (${amount}, tax included) could not be paid because it is over the monthly spending limit for customers under 18 (your card was not charged).`,
      declined: (plan, amount, card) =>
        `The renewal of "${plan}" (${amount}, tax included) could not be paid with ${card ? `your registered card (${card})` : 'your registered card'}.`,
      retry: (at) =>
        `We will try the payment again around ${at}. Before then, please change to a card you can use with "Change this plan's card" on My Page. You can keep using the plan until then.`,
      ended:
        'We tried the payment several times without success, so your plan has ended. To keep using it, please subscribe again on My Page.',
      mypage: (url) => `My Page: ${url}`,
    },
  },
  'fil-PH': {
    subject: (text) => `[TALK WITH] ${text}`,
    thanks: 'Salamat sa paggamit ng TALK WITH.',
    thanksPast: 'Salamat sa paggamit mo ng TALK WITH.',
    footer: [
      '',
      'Ipinadala ang mail na ito mula sa address na pampadala lamang; hindi sinasagot ang mga reply.',
      'TALK WITH',
    ],
    date: dateIn('fil-PH'),
    dateTime: (iso) => `${dateTimeIn('fil-PH')(iso)} (oras sa Japan)`,
    period: (start, end) => `Panahon ng paggamit: ${start} – ${end}`,
    manage: (url) => `Tingnan o kanselahin ang iyong plan sa My Page: ${url}`,
    purchase: {
      subject: (order) => `Salamat sa iyong pagbili (order ${order})`,
      done: 'Kumpleto na ang pagbiling nasa ibaba.',
      receiptLink: (url) =>
        `Maaari mong tingnan at i-print ang resibo anumang oras sa iyong kasaysayan ng pagbili: ${url}`,
      contact: (order, url) => `Kung makikipag-ugnayan ka sa amin, pakibanggit ang numero ng order (${order}): ${url}`,
    },
    started: {
      subject: (plan) => `Nagsimula na ang iyong ${plan}`,
      resumedSubject: (plan) => `Naipagpatuloy na ang iyong ${plan}`,
      done: (plan) => `Kumpleto na ang iyong subscription sa ${plan}.`,
      resumed: (plan) => `Naipagpatuloy na ang iyong ${plan} (walang karagdagang bayad).`,
      plan: (plan, amount) => `Plan: ${plan} (${amount} bawat buwan, kasama ang buwis)`,
      nextPayment: (date) => `Susunod na bayad: ${date} (awtomatikong nire-renew bawat buwan)`,
    },
    renewed: {
      subject: (plan, order) => `Na-renew na ang iyong ${plan} (order ${order})`,
      done: (plan) => `Na-renew na ang iyong ${plan} at kumpleto na ang bayad para sa buwang ito.`,
      nextPayment: (date) => `Susunod na bayad: ${date}`,
      receiptLink: (url) => `Maaari mo ring tingnan at i-print ang resibo sa iyong kasaysayan ng pagbili: ${url}`,
    },
    canceled: {
      subject: (plan) => `Natanggap namin ang pagkansela ng iyong ${plan}`,
      done: (plan) => `Natanggap namin ang pagkansela ng iyong ${plan}.`,
      until: (date) => `Magagamit mo pa ito hanggang sa katapusan ng bayad na panahon (${date}).`,
      noCharge: 'Hindi ka na sisingilin pagkatapos nito.',
      resume: (url) => `Hanggang doon, maaari mo itong ipagpatuloy sa My Page nang walang karagdagang bayad: ${url}`,
    },
    deleted: {
      subject: 'Kinansela ang iyong mga plan kasabay ng pagbura ng iyong account',
      done: 'Binura na namin ang iyong account.',
      ended: 'Kasabay ng pagbura ng iyong account, kinansela namin ang mga plan sa ibaba. Hindi ka na sisingilin muli.',
      none: 'Wala kang aktibong plan. Hindi ka na sisingilin muli.',
      kept: 'Ang mga tala ng iyong mga bayad (numero ng order, halaga, petsa) ay itatago sa panahong itinatakda ng batas, para sa accounting.',
      contact: (url) => `Kung may hindi malinaw, makipag-ugnayan sa amin kasama ang numero ng order: ${url}`,
    },
    failed: {
      subjectRetry: 'Hindi namin nakuha ang bayad para sa iyong buwanang plan',
      subjectEnded: 'Natapos ang iyong buwanang plan dahil hindi nakuha ang bayad',
      cap: (plan, amount) =>
        `Hindi nabayaran ang renewal ng "${plan}" (${amount}, kasama ang buwis) dahil lampas ito sa buwanang limitasyon sa paggastos para sa mga customer na wala pang 18 taong gulang (hindi siningil ang iyong card).`,
      declined: (plan, amount, card) =>
        `Hindi nabayaran ang renewal ng "${plan}" (${amount}, kasama ang buwis) gamit ang ${card ? `iyong nakarehistrong card (${card})` : 'iyong nakarehistrong card'}.`,
      retry: (at) =>
        `Susubukan naming muli ang bayad bandang ${at}. Bago iyon, palitan ang card sa magagamit mong card sa "Palitan ang card ng plan na ito" sa My Page. Magagamit mo pa ang plan hanggang doon.`,
      ended:
        'Ilang beses naming sinubukan ang bayad ngunit hindi ito natuloy, kaya natapos na ang iyong plan. Para patuloy itong magamit, mag-subscribe muli sa My Page.',
      mypage: (url) => `My Page: ${url}`,
    },
  },
  'zh-TW': {
    subject: (text) => `【TALK WITH】${text}`,
    thanks: '感謝您使用 TALK WITH。',
    thanksPast: '感謝您曾使用 TALK WITH。',
    footer: ['', '※此郵件為系統自動發送，請勿直接回覆。', 'TALK WITH'],
    date: dateIn('zh-TW'),
    dateTime: (iso) => `${dateTimeIn('zh-TW')(iso)}（日本時間）`,
    period: (start, end) => `使用期間：${start}～${end}`,
    manage: (url) => `可在「我的頁面」確認或解約：${url}`,
    purchase: {
      subject: (order) => `感謝您的購買（訂單編號 ${order}）`,
      done: '以下購買已完成。',
      receiptLink: (url) => `收據可隨時在購買紀錄中檢視及列印：${url}`,
      contact: (order, url) => `聯絡我們時，請告知訂單編號（${order}）：${url}`,
    },
    started: {
      subject: (plan) => `${plan}已開始`,
      resumedSubject: (plan) => `${plan}已恢復`,
      done: (plan) => `${plan}的申請已完成。`,
      resumed: (plan) => `${plan}已恢復（無需額外付款）。`,
      plan: (plan, amount) => `方案：${plan}（每月 ${amount}，含稅）`,
      nextPayment: (date) => `下次付款日：${date}（每月自動續約）`,
    },
    renewed: {
      subject: (plan, order) => `${plan}已續約（訂單編號 ${order}）`,
      done: (plan) => `${plan}已續約，本月費用已付款完成。`,
      nextPayment: (date) => `下次付款日：${date}`,
      receiptLink: (url) => `收據也可在購買紀錄中檢視及列印：${url}`,
    },
    canceled: {
      subject: (plan) => `已受理${plan}的解約`,
      done: (plan) => `已受理${plan}的解約。`,
      until: (date) => `在已付款期間結束（${date}）前仍可使用。`,
      noCharge: '之後不會再向您收費。',
      resume: (url) => `期間內可在「我的頁面」恢復，無需額外付款：${url}`,
    },
    deleted: {
      subject: '因帳號刪除而解約的通知',
      done: '您的帳號已刪除。',
      ended: '隨著帳號刪除，以下方案已解約。今後不會再向您收費。',
      none: '您沒有使用中的方案。今後不會再向您收費。',
      kept: '付款紀錄（訂單編號、金額、日期）基於會計需要，將依法令規定的期間保存。',
      contact: (url) => `如有不明之處，請附上訂單編號與我們聯絡：${url}`,
    },
    failed: {
      subjectRetry: '月費方案付款失敗',
      subjectEnded: '因付款失敗，月費方案已終止',
      cap: (plan, amount) =>
        `「${plan}」的續約費用 ${amount}（含稅）超過未成年顧客每月的使用上限，因此無法付款（未向信用卡請款）。`,
      declined: (plan, amount, card) =>
        `「${plan}」的續約費用 ${amount}（含稅）無法以${card ? `您登錄的信用卡（${card}）` : '您登錄的信用卡'}付款。`,
      retry: (at) =>
        `我們將於 ${at} 左右再次嘗試付款。請在此之前，透過「我的頁面」的「變更此方案的信用卡」改為可使用的信用卡。在此之前方案仍可使用。`,
      ended: '我們已多次嘗試付款但未成功，因此方案已終止。如需繼續使用，請在「我的頁面」重新申請。',
      mypage: (url) => `我的頁面：${url}`,
    },
  },
};
