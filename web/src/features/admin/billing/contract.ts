/**
 * TEMPORARY: the subscriptions area's admin shapes (services/billing/API.md
 * § Subscriptions), used until proto/src/billing/subscriptions.ts lands in a
 * commit; then replaced by its `@talkwith/proto/billing` import. Every other
 * billing type of these screens is imported from proto already.
 */

export type SubscriptionStatus = 'inactive' | 'active' | 'canceled';
export interface SubscriptionView {
  subscription_id: string; user_id: string; plan_code: 'PROD001' | 'OTHERS'; name: string; status: SubscriptionStatus; group_id?: string; amount: number;
  period: number; period_start?: string; period_end?: string; canceled_at?: string; next_charge_at?: string;
  finished_reason?: 'canceled' | 'payment_failed'; card?: { card_id: string; masked: string };
}
export interface AdminSubscriptionsReply { ok: true; subscriptions: SubscriptionView[]; total: number; page: number }
