import type {
  AdminPurchaseReply,
  AdminPurchaseView,
  LedgerHistoryItem,
  SubscriptionView,
} from '@talkwith/proto/billing';

/** Data of the billing screen tests, shaped as services/billing/API.md answers it (each test builds its own). */

const at = '2026-03-01T10:00:00.000Z';
const someId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export const purchase = (over: Partial<AdminPurchaseView> = {}): AdminPurchaseView => ({
  purchase_id: someId('p'),
  user_id: someId('u'),
  product_id: 'tickets-10',
  kind: 'tickets',
  name: 'トークチケット10枚',
  amount: 1300,
  refunded: 0,
  status: 'captured',
  order_id: someId('ord'),
  order_number: `TW-2603-${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
  created_at: at,
  settled_at: at,
  tickets: 10,
  source: 'card',
  attempts: 1,
  ...over,
});

export const purchaseDetail = (over: Partial<AdminPurchaseReply['purchase']> = {}): AdminPurchaseReply => {
  const base = purchase(over);
  return {
    ok: true,
    purchase: { provider_result: { vResultCode: 'A001000000000000', mstatus: 'success' }, ...base, ...over },
  };
};

export const purchaseList = (purchases: AdminPurchaseView[], total = purchases.length) =>
  [200, { ok: true, purchases, total, page: 1 }] as [number, unknown];

export const subscription = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  subscription_id: someId('s'),
  user_id: someId('u'),
  plan_code: 'PROD001',
  name: 'TALK WITH 月額プラン',
  status: 'active',
  amount: 1100,
  period: 1,
  period_start: '2026-03-01T00:00:00.000Z',
  period_end: '2026-04-01T00:00:00.000Z',
  next_charge_at: '2026-04-01T00:00:00.000Z',
  ...over,
});

export const entry = (over: Partial<LedgerHistoryItem> = {}): LedgerHistoryItem => ({
  at,
  asset: 'tickets',
  kind: 'added',
  delta: 1,
  ...over,
});

/** A stable fake for crypto.randomUUID is not needed: keys are compared between calls, never to a value. */
export const idempotencyKeysOf = (calls: { method: string; headers: Headers }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('idempotency-key'));
