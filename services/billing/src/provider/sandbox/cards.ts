/**
 * The sandbox's test cards and card-number rules (API.md § Provider port).
 * A card number never leaves this module's callers: the token keeps only
 * the scenario, last four digits, brand and expiry.
 */
import type { ProviderCodes } from '../port.ts';

export type Scenario = 'success' | 'challenge' | 'declined' | 'timeout' | 'pending';

export const TEST_CARDS: Readonly<Record<string, Scenario>> = {
  '4111111111111111': 'success',
  '4000000000003220': 'challenge',
  '4000000000000002': 'declined',
  '4000000000000119': 'timeout',
  '4000000000000259': 'pending',
};

/** One card number per scenario, for tests and scripts that pay with the sandbox. */
export const CARDS = Object.fromEntries(
  Object.entries(TEST_CARDS).map(([number, scenario]) => [scenario, number]),
) as Readonly<Record<Scenario, string>>;

/** Any other number that passes Luhn behaves as a plain success card. */
export function scenarioOf(cardNumber: string): Scenario {
  return TEST_CARDS[cardNumber] ?? 'success';
}

export function luhnValid(cardNumber: string): boolean {
  if (!/^\d{12,19}$/.test(cardNumber)) return false;
  let sum = 0;
  for (let i = 0; i < cardNumber.length; i++) {
    let digit = Number(cardNumber[cardNumber.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(cardNumber: string): string {
  if (/^4/.test(cardNumber)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(cardNumber)) return 'MASTER';
  if (/^35/.test(cardNumber)) return 'JCB';
  if (/^3[47]/.test(cardNumber)) return 'AMEX';
  if (/^3(0|6|8)/.test(cardNumber)) return 'DINERS';
  return 'OTHER';
}

/** MM/YY, not before the current month (the card is valid through the end of its month). */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const lastMonth = (2000 + Number(match[2])) * 12 + Number(match[1]) - 1;
  return lastMonth >= now.getUTCFullYear() * 12 + now.getUTCMonth();
}

export function masked(last4: string): string {
  return `************${last4}`;
}

/**
 * The sandbox's result codes, in VeriTrans4G's shape (16 characters, the
 * first four say what happened). They are the sandbox's own: codes starting
 * with A or G are outcomes of a charge (approved, declined, 3-D Secure);
 * any other prefix is a refused request (bad token, unknown order or card).
 */
export const CODES = {
  success: { vResultCode: 'A001000000000000', mstatus: 'success', message: '決済が完了しました。' },
  pending: { vResultCode: 'A001H00100000000', mstatus: 'pending', message: '決済結果を確認中です。' },
  challenge: { vResultCode: 'G001000000000000', mstatus: 'pending', message: '3-Dセキュア認証が必要です。' },
  declined: { vResultCode: 'AG33000000000000', mstatus: 'failure', message: 'カード会社により決済が拒否されました。' },
  challengeFailed: { vResultCode: 'G012000000000000', mstatus: 'failure', message: '3-Dセキュア認証に失敗しました。' },
  canceled: { vResultCode: 'A001000000000000', mstatus: 'success', message: '取消が完了しました。' },
} as const satisfies Record<string, ProviderCodes>;

export const REQUEST_ERRORS = {
  badToken: 'MA41000000000000',
  orderNotFound: 'MA52000000000000',
  cardNotFound: 'MA61000000000000',
  badAmount: 'MA22000000000000',
  overRefund: 'MA23000000000000',
  badState: 'MA24000000000000',
  badParams: 'MA01000000000000',
  authHash: 'MA99000000000000',
} as const;
