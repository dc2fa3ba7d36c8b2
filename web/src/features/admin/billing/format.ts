import type { PurchaseStatus, PurchaseView, SubscriptionView } from '@talkwith/proto/billing';

type SubscriptionStatus = SubscriptionView['status'];

/** How the billing screens show money, dates and states (labels are keys of the `billing` texts). */

export const yen = (amount: number, language: string) => `¥${amount.toLocaleString(language)}`;

// One time zone for the whole console (operators work in Japan time, whatever the browser's zone); the pages say "JST".
const JAPAN = { timeZone: 'Asia/Tokyo' } as const;

export const when = (iso: string | undefined | null, language: string) =>
  iso ? new Date(iso).toLocaleString(language, JAPAN) : '—';

export const day = (iso: string | undefined | null, language: string) =>
  iso ? new Date(iso).toLocaleDateString(language, JAPAN) : '—';

/** What an operator must look at: a captured purchase that was partly refunded reads as its own state. */
export type PurchaseBadge = PurchaseStatus | 'partially_refunded';

export function purchaseBadgeOf(purchase: Pick<PurchaseView, 'status' | 'refunded'>): PurchaseBadge {
  return purchase.status === 'captured' && purchase.refunded > 0 ? 'partially_refunded' : purchase.status;
}

const BADGE_TONE: Record<PurchaseBadge, string> = {
  captured: 'on',
  partially_refunded: 'warn',
  pending: 'alert',
  unknown: 'alert',
  challenge: 'off',
  created: 'off',
  failed: 'bad',
  canceled: 'off',
};

export const badgeToneOf = (badge: PurchaseBadge) => BADGE_TONE[badge];

export const SUBSCRIPTION_TONE: Record<SubscriptionStatus, string> = {
  active: 'on',
  canceled: 'warn',
  inactive: 'off',
};

/** What is left to refund of a captured purchase. */
export const refundableOf = (purchase: Pick<PurchaseView, 'status' | 'amount' | 'refunded'>) =>
  purchase.status === 'captured' ? Math.max(0, purchase.amount - purchase.refunded) : 0;

/** The statuses an operator filters payment history by, in the order of the select. */
export const PURCHASE_STATUSES: PurchaseStatus[] = [
  'captured',
  'pending',
  'unknown',
  'failed',
  'canceled',
  'challenge',
  'created',
];
export const isPurchaseStatus = (value: string | null): value is PurchaseStatus =>
  PURCHASE_STATUSES.some((s) => s === value);

/**
 * A renewal whose charge failed is retried later (1 h, 6 h, 24 h), so its next
 * charge lies past the period's end; after the last retry it finishes with
 * reason payment_failed.
 */
export function renewalTroubleOf(
  s: Pick<SubscriptionView, 'status' | 'period_end' | 'next_charge_at' | 'finished_reason'>,
): 'retrying' | 'payment_failed' | null {
  if (s.finished_reason === 'payment_failed') return 'payment_failed';
  if (
    s.status === 'active' &&
    s.period_end &&
    s.next_charge_at &&
    Date.parse(s.next_charge_at) > Date.parse(s.period_end)
  )
    return 'retrying';
  return null;
}

/** A positive whole number typed in a field, or null. */
export function positiveInteger(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
