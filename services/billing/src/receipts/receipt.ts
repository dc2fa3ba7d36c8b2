import { AppError } from '@talkwith/platform';
import { CONSUMPTION_TAX_RATE, taxIncludedIn, type Receipt, type ReceiptPayment, type ReceiptSeller } from '@talkwith/proto/billing';
import type { BillingConfig } from '../config.ts';
import type { PurchaseDoc } from '../purchases/records.ts';

/** Statuses a receipt is issued for: paid (a refund, partial or whole, is printed on it). */
const RECEIPTED: PurchaseDoc['status'][] = ['captured', 'canceled'];

export function sellerOf(config: BillingConfig): ReceiptSeller {
  return {
    name: config.RECEIPT_SELLER_NAME, address: config.RECEIPT_SELLER_ADDRESS,
    ...(config.RECEIPT_SELLER_REGISTRATION_NUMBER ? { registration_number: config.RECEIPT_SELLER_REGISTRATION_NUMBER } : {}),
  };
}

function paymentOf(doc: PurchaseDoc): ReceiptPayment {
  if (doc.source === 'manual') return { method: 'other' };
  return { method: 'card', ...(doc.card?.brand ? { brand: doc.card.brand } : {}), ...(doc.card?.last4 ? { last4: doc.card.last4 } : {}) };
}

/** The receipt (領収書) of a paid purchase or plan period; 409 while it is not paid. */
export function receiptOf(config: BillingConfig, doc: PurchaseDoc): Receipt {
  if (!RECEIPTED.includes(doc.status)) {
    throw new AppError('PURCHASE_STATE', 'お支払いが完了していないため、領収書は発行できません。', { status: 409 });
  }
  return {
    purchase_id: doc._id, order_number: doc.order_number ?? doc.order_id, issued_at: doc.settled_at ?? doc.created_at, seller: sellerOf(config),
    kind: doc.kind, item: doc.name, quantity: 1, amount: doc.amount, tax_rate: CONSUMPTION_TAX_RATE, tax: taxIncludedIn(doc.amount),
    refunded: doc.refunded, status: doc.status, payment: paymentOf(doc),
  };
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** `2026年11月3日` on the Japanese calendar. */
export function japaneseDate(iso: string): string {
  const local = new Date(Date.parse(iso) + JST_OFFSET_MS);
  return `${local.getUTCFullYear()}年${local.getUTCMonth() + 1}月${local.getUTCDate()}日`;
}

export const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

export function paymentLabel(payment: ReceiptPayment): string {
  if (payment.method === 'other') return 'その他（運営事務局が記録したお支払い）';
  const card = [payment.brand, payment.last4 ? `末尾${payment.last4}` : undefined].filter(Boolean).join(' ');
  return card ? `クレジットカード（${card}）` : 'クレジットカード';
}

/** The receipt as plain text lines (the purchase-complete mail carries it). */
export function receiptLines(receipt: Receipt): string[] {
  const { seller } = receipt;
  return [
    '―――― 領収書 ――――',
    `注文番号: ${receipt.order_number}`,
    `発行日: ${japaneseDate(receipt.issued_at)}`,
    `品目: ${receipt.item} × ${receipt.quantity}`,
    `金額: ${yen(receipt.amount)}（税込）`,
    `（内消費税等 ${receipt.tax_rate}%: ${yen(receipt.tax)}）`,
    ...(receipt.refunded > 0 ? [`返金: ${yen(receipt.refunded)}`] : []),
    `お支払い方法: ${paymentLabel(receipt.payment)}`,
    '上記の金額を正に領収いたしました。',
    `発行者: ${seller.name}`,
    `所在地: ${seller.address}`,
    ...(seller.registration_number ? [`登録番号: ${seller.registration_number}`] : []),
    '――――――――――――',
  ];
}
