import type {
  PlanView,
  ProductView,
  PurchaseView,
  SavedCardView,
  SubscriptionView,
  WalletReply,
} from '@talkwith/proto/billing';
import type { RouteObject } from 'react-router';
import { Shell } from '../../app/Shell.tsx';
import { fakeServer, sampleUser, type RecordedCall } from '../../test/harness.tsx';

/** Billing answers for the page tests, shaped as services/billing/API.md says; each test builds its own. */

let next = 0;
const id = (prefix: string) => `${prefix}-${++next}-${Math.random().toString(36).slice(2, 8)}`;

export function aUser() {
  return { ...sampleUser, id: id('u') };
}

export function signedInAs(user: ReturnType<typeof aUser>) {
  return { session: { status: 'authenticated' as const, accessToken: 'access-token', user } };
}

export function aProduct(fields: Partial<ProductView> = {}): ProductView {
  return {
    product_id: 'tickets-5',
    kind: 'tickets',
    name: 'トークチケット 5枚',
    amount: 700,
    tickets: 5,
    methods: ['credit'],
    ...fields,
  };
}

export const aPlan = (fields: Partial<PlanView> = {}): PlanView => ({
  plan_code: 'PROD001',
  name: 'TALK WITH 月額プラン',
  amount: 1100,
  period_months: 1,
  tickets: 10,
  points: 100,
  group_bound: false,
  ...fields,
});

export function aPurchase(fields: Partial<PurchaseView> = {}): PurchaseView {
  return {
    purchase_id: id('p'),
    product_id: 'tickets-5',
    kind: 'tickets',
    name: 'トークチケット 5枚',
    amount: 700,
    refunded: 0,
    status: 'captured',
    order_id: id('order'),
    order_number: 'TW-2611-7K3Q',
    created_at: '2026-11-20T03:00:00.000Z',
    settled_at: '2026-11-20T03:00:02.000Z',
    tickets: 5,
    ...fields,
  };
}

export function aCard(fields: Partial<SavedCardView> = {}): SavedCardView {
  return { card_id: id('card'), masked: '************1111', expiry: '12/30', brand: 'VISA', default: true, ...fields };
}

export function aSubscription(userId: string, fields: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    subscription_id: id('s'),
    user_id: userId,
    plan_code: 'PROD001',
    name: 'TALK WITH 月額プラン',
    status: 'active',
    amount: 1100,
    period: 1,
    period_start: '2026-11-01T00:00:00.000Z',
    period_end: '2026-12-01T00:00:00.000Z',
    next_charge_at: '2026-12-01T00:00:00.000Z',
    card: { card_id: 'card-1', masked: '************1111' },
    ...fields,
  };
}

export function aWallet(fields: Partial<WalletReply> = {}): WalletReply {
  return { ok: true, talk_tickets: 0, points: 0, ...fields };
}

type Answer = [number, unknown];
type Route = Answer | ((call: RecordedCall) => Answer | Promise<Answer>);

/** Billing names the sandbox's token API unless a test scripts another. */
const SANDBOX_TOKEN_ENDPOINT: Route = [200, { ok: true, url: '/api/payment/sandbox/tokens', token_api_key: 'sandbox' }];

/** A scripted billing server: `'POST payment/card/authorize': [200, {...}]`; anything else answers 404. */
export function billingServer(routes: Record<string, Route>) {
  return fakeServer((call) => {
    const scripted: Record<string, Route> = { 'GET payment/token_endpoint': SANDBOX_TOKEN_ENDPOINT, ...routes };
    const route = scripted[`${call.method} ${call.url.replace(/^\/api\//, '')}`];
    if (!route) return [404, { ok: false, code: 'NOT_FOUND', message: 'not scripted' }];
    return typeof route === 'function' ? route(call) : route;
  });
}

/**
 * In the Shell the session is restored on mount (POST /api/auth/refresh when the
 * CSRF cookie hints at one, else signed out): these answers keep `user` signed in.
 */
export function keptSession(user: ReturnType<typeof aUser>): Record<string, Route> {
  document.cookie = 'talkwith-csrf=test-csrf; path=/';
  return { 'POST auth/refresh': [200, { ok: true, accessToken: 'access-token', user }], 'GET config': [200, {}] };
}

/** The pages inside the app's Shell, so confirmations open in the shared popup dialog as in the browser. */
export const inShell = (routes: RouteObject[]): RouteObject[] => [{ element: <Shell />, children: routes }];
