/**
 * TEMPORARY: the admin billing shapes of services/billing/API.md, used until the
 * areas' TypeBox types land in proto/src/billing/{ledger,purchases,subscriptions}.ts.
 * Each type here is replaced by its `@talkwith/proto/billing` import as it lands.
 */

export type PurchaseStatus = 'created' | 'challenge' | 'pending' | 'unknown' | 'captured' | 'failed' | 'canceled';

export interface PurchaseView {
  purchase_id: string; product_id: string; kind: string; name: string; amount: number; refunded: number; status: PurchaseStatus;
  order_id: string; created_at: string; settled_at?: string; character_id?: string; tickets?: number; points?: number;
}
export interface AdminPurchaseView extends PurchaseView { user_id: string }
export interface AdminPurchaseList { ok: true; purchases: AdminPurchaseView[]; total: number; page: number }
export interface AdminPurchaseDetail {
  ok: true;
  purchase: AdminPurchaseView & {
    provider_result?: { vResultCode?: string; orderId?: string; mstatus?: string; [key: string]: unknown };
    grants?: { asset: 'tickets' | 'points' | 'character'; amount: number; lot_id?: string }[];
    refunds?: { amount: number; reason: string; at: string; admin_id?: string }[];
  };
}

export type SubscriptionStatus = 'inactive' | 'active' | 'canceled';
export interface SubscriptionView {
  subscription_id: string; user_id: string; plan_code: string; name: string; status: SubscriptionStatus; group_id?: string; amount: number;
  period: number; period_start: string; period_end: string; canceled_at?: string; next_charge_at?: string; card?: { card_id: string; masked: string };
  failed_attempts?: number;
}
export interface AdminSubscriptionList { ok: true; subscriptions: SubscriptionView[]; total: number; page: number }

export interface TicketLot { lot_id: string; remaining: number; granted: number; expires_at: string; source: string }
export interface PointLot { lot_id: string; remaining: number; granted: number; expires_at: string; code: string }
export interface LedgerEntry { at: string; asset: 'tickets' | 'points'; kind: string; delta: number; code?: string; reason?: string; admin_id?: string; character_id?: string; btn?: string; source?: string }
export interface AdminTicketsReply { ok: true; talk_tickets: number; lots: TicketLot[]; entries: LedgerEntry[]; total: number; page: number }
export interface AdminPointsReply { ok: true; points: number; lots: PointLot[]; entries: LedgerEntry[]; total: number; page: number }
export interface PointHistoryEntry { at: string; user_id: string; code: 'MA0001' | 'MA0009'; points: number; reason: string; admin_id: string; admin_email?: string }
export interface AdminPointHistory { ok: true; entries: PointHistoryEntry[]; total: number; page: number }
export interface PointGrantReply { ok: true; points: number }
