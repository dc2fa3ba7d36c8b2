import {
  CONSUMPTION_TAX_RATE,
  taxIncludedIn,
  type Receipt,
  type ReceiptPayment,
  type ReceiptSeller,
} from '@talkwith/proto/billing';
import type { InterfaceLanguage } from '@talkwith/proto/identity';
import type { BillingConfig } from '../config.ts';
import type { PurchaseDoc } from '../purchases/records.ts';
import { purchaseErrors } from '../errors.ts';

/** Statuses a receipt is issued for: paid (a refund, partial or whole, is printed on it). */
const RECEIPTED: PurchaseDoc['status'][] = ['captured', 'canceled'];

export function sellerOf(config: BillingConfig): ReceiptSeller {
  return {
    name: config.RECEIPT_SELLER_NAME,
    address: config.RECEIPT_SELLER_ADDRESS,
    ...(config.RECEIPT_SELLER_REGISTRATION_NUMBER
      ? { registration_number: config.RECEIPT_SELLER_REGISTRATION_NUMBER }
      : {}),
  };
}

function paymentOf(doc: PurchaseDoc): ReceiptPayment {
  if (doc.source === 'manual') return { method: 'other' };
  return {
    method: 'card',
    ...(doc.card?.brand ? { brand: doc.card.brand } : {}),
    ...(doc.card?.last4 ? { last4: doc.card.last4 } : {}),
  };
}

/** The receipt (領収書) of a paid purchase or plan period; 409 while it is not paid. */
export function receiptOf(config: BillingConfig, doc: PurchaseDoc): Receipt {
  if (!RECEIPTED.includes(doc.status)) {
    throw purchaseErrors.receiptUnpaid();
  }
  return {
    purchase_id: doc._id,
    order_number: doc.order_number ?? doc.order_id,
    issued_at: doc.settled_at ?? doc.created_at,
    seller: sellerOf(config),
    kind: doc.kind,
    item: doc.name,
    quantity: 1,
    amount: doc.amount,
    tax_rate: CONSUMPTION_TAX_RATE,
    tax: taxIncludedIn(doc.amount),
    refunded: doc.refunded,
    status: doc.status,
    payment: paymentOf(doc),
  };
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** `2026年11月3日` on the Japanese calendar. */
export function japaneseDate(iso: string): string {
  const local = new Date(Date.parse(iso) + JST_OFFSET_MS);
  return `${local.getUTCFullYear()}年${local.getUTCMonth() + 1}月${local.getUTCDate()}日`;
}

export const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

/** Receipt wording per interface language (ja-JP, the original, when the account's is not known). */
interface ReceiptLabels {
  title: string;
  end: string;
  order: string;
  issued: string;
  item: string;
  amount: string;
  taxIncluded: string;
  tax: (rate: number, tax: string) => string;
  refunded: string;
  payment: string;
  received: string;
  seller: string;
  address: string;
  registration: string;
  card: string;
  ending: (last4: string) => string;
  other: string;
  date: (iso: string) => string;
  colon: string;
  paren: (text: string) => string;
}

const fullWidth = { colon: ': ', paren: (text: string) => `（${text}）` };
const ascii = { colon: ': ', paren: (text: string) => ` (${text})` };

const longDate = (locale: string) => (iso: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Tokyo', dateStyle: 'long' }).format(new Date(iso));

const RECEIPT_LABELS: Record<InterfaceLanguage, ReceiptLabels> = {
  'ja-JP': {
    title: '―――― 領収書 ――――',
    end: '――――――――――――',
    order: '注文番号',
    issued: '発行日',
    item: '品目',
    amount: '金額',
    taxIncluded: '（税込）',
    tax: (rate, tax) => `（内消費税等 ${rate}%: ${tax}）`,
    refunded: '返金',
    payment: 'お支払い方法',
    received: '上記の金額を正に領収いたしました。',
    seller: '発行者',
    address: '所在地',
    registration: '登録番号',
    card: 'クレジットカード',
    ending: (last4) => `末尾${last4}`,
    other: 'その他（運営事務局が記録したお支払い）',
    date: japaneseDate,
    ...fullWidth,
  },
  'en-US': {
    title: '---------- Receipt ----------',
    end: '-----------------------------',
    order: 'Order number',
    issued: 'Issued',
    item: 'Item',
    amount: 'Amount',
    taxIncluded: ' (tax included)',
    tax: (rate, tax) => `(includes ${rate}% consumption tax: ${tax})`,
    refunded: 'Refunded',
    payment: 'Payment method',
    received: 'We acknowledge receipt of the amount above.',
    seller: 'Issuer',
    address: 'Address',
    registration: 'Registration number',
    card: 'Credit card',
    ending: (last4) => `ending in ${last4}`,
    other: 'Other (a payment recorded by the TALK WITH office)',
    date: longDate('en-US'),
    ...ascii,
  },
  'fil-PH': {
    title: '---------- Resibo ----------',
    end: '----------------------------',
    order: 'Numero ng order',
    issued: 'Petsa ng pag-isyu',
    item: 'Item',
    amount: 'Halaga',
    taxIncluded: ' (kasama ang buwis)',
    tax: (rate, tax) => `(kasama ang ${rate}% consumption tax: ${tax})`,
    refunded: 'Na-refund',
    payment: 'Paraan ng pagbabayad',
    received: 'Kinikilala naming natanggap ang halagang nasa itaas.',
    seller: 'Nag-isyu',
    address: 'Address',
    registration: 'Numero ng rehistro',
    card: 'Credit card',
    ending: (last4) => `nagtatapos sa ${last4}`,
    other: 'Iba pa (bayad na itinala ng opisina ng TALK WITH)',
    date: longDate('fil-PH'),
    ...ascii,
  },
  'zh-TW': {
    title: '―――― 收據 ――――',
    end: '――――――――――――',
    order: '訂單編號',
    issued: '開立日期',
    item: '品項',
    amount: '金額',
    taxIncluded: '（含稅）',
    tax: (rate, tax) => `（其中消費稅 ${rate}%：${tax}）`,
    refunded: '退款',
    payment: '付款方式',
    received: '茲收到上列金額無誤。',
    seller: '開立者',
    address: '地址',
    registration: '登記編號',
    card: '信用卡',
    ending: (last4) => `末四碼 ${last4}`,
    other: '其他（由營運事務局記錄的付款）',
    date: longDate('zh-TW'),
    ...fullWidth,
    colon: '：',
  },
};

export function paymentLabel(payment: ReceiptPayment, language: InterfaceLanguage = 'ja-JP'): string {
  const l = RECEIPT_LABELS[language];
  if (payment.method === 'other') return l.other;
  const card = [payment.brand, payment.last4 ? l.ending(payment.last4) : undefined].filter(Boolean).join(' ');
  return card ? `${l.card}${l.paren(card)}` : l.card;
}

/** The receipt as plain text lines (the purchase-complete mail carries it), labelled in the account's language. */
export function receiptLines(receipt: Receipt, language: InterfaceLanguage = 'ja-JP'): string[] {
  const { seller } = receipt;
  const l = RECEIPT_LABELS[language];
  const line = (label: string, value: string) => `${label}${l.colon}${value}`;
  return [
    l.title,
    line(l.order, receipt.order_number),
    line(l.issued, l.date(receipt.issued_at)),
    line(l.item, `${receipt.item} × ${receipt.quantity}`),
    line(l.amount, `${yen(receipt.amount)}${l.taxIncluded}`),
    l.tax(receipt.tax_rate, yen(receipt.tax)),
    ...(receipt.refunded > 0 ? [line(l.refunded, yen(receipt.refunded))] : []),
    line(l.payment, paymentLabel(receipt.payment, language)),
    l.received,
    line(l.seller, seller.name),
    line(l.address, seller.address),
    ...(seller.registration_number ? [line(l.registration, seller.registration_number)] : []),
    l.end,
  ];
}
