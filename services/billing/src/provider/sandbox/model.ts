/** The sandbox's documents in the platform store (collections `sandbox_*`): they survive a kill -9 of billing. */
import type { Collection, Transaction } from '@talkwith/platform';
import type { MpiMode, OrderState, ProviderCodes, StoredCard } from '../port.ts';
import { masked, type Scenario } from './cards.ts';

/** All the sandbox remembers of a card: never its number or CVC. */
export type CardFacts = { scenario: Scenario; last4: string; brand: string; expiry: string };

/** `expires_at` (a Date) lets the store's TTL index remove old tokens; `expires_ms` is what use is checked against. */
export type TokenDoc = {
  _id: string;
  card: CardFacts;
  created_ms: number;
  expires_ms: number;
  expires_at: Date;
  used_ms?: number;
};

export type OrderStatus = 'challenge' | 'pending' | 'success' | 'failure' | 'canceled';

export type OrderDoc = {
  _id: string;
  amount: number;
  status: OrderStatus;
  /** Yen charged (0 until the charge happens). */
  captured: number;
  refunded: number;
  card: CardFacts;
  mpi: MpiMode;
  codes: ProviderCodes;
  created_ms: number;
  redirection_uri?: string;
  pending_until_ms?: number;
  saved_card_id?: string;
  original_order_id?: string;
  /** Authorised without capture (withCapture false: a card check): success takes no money, and cancel voids it. */
  auth_only?: boolean;
};

/** One capture of money: the chaos tests count these per orderId (never more than one). */
export type ChargeDoc = { _id: string; order_id: string; amount: number; at_ms: number };

export type RefundDoc = { _id: string; order_id: string; amount: number; at_ms: number };

export type MemberCardDoc = {
  _id: string;
  account_id: string;
  card: CardFacts;
  is_default: boolean;
  created_ms: number;
};

export const SANDBOX_COLLECTIONS = {
  tokens: 'sandbox_tokens',
  orders: 'sandbox_orders',
  charges: 'sandbox_charges',
  refunds: 'sandbox_refunds',
  cards: 'sandbox_cards',
} as const;

type Scope = Pick<Transaction, 'collection'>;

export const tokensIn = (scope: Scope): Collection<TokenDoc> => scope.collection<TokenDoc>(SANDBOX_COLLECTIONS.tokens);
export const ordersIn = (scope: Scope): Collection<OrderDoc> => scope.collection<OrderDoc>(SANDBOX_COLLECTIONS.orders);
export const chargesIn = (scope: Scope): Collection<ChargeDoc> =>
  scope.collection<ChargeDoc>(SANDBOX_COLLECTIONS.charges);
export const refundsIn = (scope: Scope): Collection<RefundDoc> =>
  scope.collection<RefundDoc>(SANDBOX_COLLECTIONS.refunds);
export const cardsIn = (scope: Scope): Collection<MemberCardDoc> =>
  scope.collection<MemberCardDoc>(SANDBOX_COLLECTIONS.cards);

export function storedCardOf(doc: MemberCardDoc): StoredCard {
  return {
    cardId: doc._id,
    maskedNumber: masked(doc.card.last4),
    expiry: doc.card.expiry,
    brand: doc.card.brand,
    isDefault: doc.is_default,
  };
}

export function orderStateOf(order: OrderDoc | null, orderId: string): OrderState {
  if (!order) return { orderId, status: 'not_found', amount: 0, capturedAmount: 0, refundedAmount: 0 };
  return {
    orderId,
    status: order.status,
    amount: order.amount,
    capturedAmount: order.captured - order.refunded,
    refundedAmount: order.refunded,
    codes: order.codes,
  };
}
