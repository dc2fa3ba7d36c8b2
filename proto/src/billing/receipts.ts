import { Type, type Static } from '@sinclair/typebox';
import { Iso, Yen } from './common.ts';
import { PurchaseKind, PurchaseStatus } from './purchases.ts';

/** The receipts area's replies (services/billing/API.md § Receipts). */

/** Japanese consumption tax on digital content: 10 %, included in every price the shop shows. */
export const CONSUMPTION_TAX_RATE = 10;

/** Consumption tax contained in a tax-included amount (rounded down, once per receipt). */
export function taxIncludedIn(amount: number, ratePercent = CONSUMPTION_TAX_RATE): number {
  return Math.floor((amount * ratePercent) / (100 + ratePercent));
}

export const ReceiptSeller = Type.Object({
  name: Type.String(),
  address: Type.String(),
  registration_number: Type.Optional(
    Type.String({ description: 'qualified invoice issuer registration number (T + 13 digits), when configured' }),
  ),
});
export type ReceiptSeller = Static<typeof ReceiptSeller>;

export const ReceiptPayment = Type.Object({
  method: Type.Union([Type.Literal('card'), Type.Literal('other')], {
    description: 'card: charged by card here; other: paid elsewhere and recorded by an operator',
  }),
  brand: Type.Optional(Type.String()),
  last4: Type.Optional(Type.String({ pattern: '^\\d{4}$' })),
});
export type ReceiptPayment = Static<typeof ReceiptPayment>;

/** 領収書: what a receipt says, the same on the page, in the mail and to an operator. */
export const Receipt = Type.Object({
  purchase_id: Type.String(),
  order_number: Type.String(),
  issued_at: Iso,
  seller: ReceiptSeller,
  kind: PurchaseKind,
  item: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  amount: Yen,
  tax_rate: Type.Integer({ description: 'percent, included in amount' }),
  tax: Yen,
  refunded: Yen,
  status: PurchaseStatus,
  payment: ReceiptPayment,
});
export type Receipt = Static<typeof Receipt>;

export const ReceiptReply = Type.Object({ ok: Type.Literal(true), receipt: Receipt });
export type ReceiptReply = Static<typeof ReceiptReply>;

export const ReceiptParams = Type.Object({
  purchase_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type ReceiptParams = Static<typeof ReceiptParams>;
