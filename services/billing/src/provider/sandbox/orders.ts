/** How the sandbox decides one order from its card's scenario, and how an order reads back as a result. */
import { randomUUID } from 'node:crypto';
import type { Transaction } from '@talkwith/platform';
import { ProviderRequestError, type AuthorizeResult, type MpiMode, type StoredCard } from '../port.ts';
import { CODES, REQUEST_ERRORS } from './cards.ts';
import { chargesIn, ordersIn, type CardFacts, type OrderDoc } from './model.ts';

const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function checkOrderRequest(orderId: string, amount: number): void {
  if (!ORDER_ID.test(orderId)) throw new ProviderRequestError('取引IDが正しくありません。', REQUEST_ERRORS.badAmount);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 99_999_999) {
    throw new ProviderRequestError('金額が正しくありません。', REQUEST_ERRORS.badAmount);
  }
}

export interface NewOrder {
  orderId: string;
  amount: number;
  card: CardFacts;
  mpi: MpiMode;
  nowMs: number;
  pendingMs: number;
  redirectionUri?: string;
  originalOrderId?: string;
  /** Authorise only (withCapture false): a success captures nothing. */
  authOnly?: boolean;
}

/** What a successful order captures: its amount, or nothing when it was only authorised. */
export function capturedOnSuccess(order: Pick<OrderDoc, 'amount' | 'auth_only'>): number {
  return order.auth_only ? 0 : order.amount;
}

/** The order as the card's scenario decides it (a stored or re-authorised card skips 3-D Secure with mpi-none). */
export function decideOrder(input: NewOrder): OrderDoc {
  const base = {
    _id: input.orderId,
    amount: input.amount,
    captured: 0,
    refunded: 0,
    card: input.card,
    mpi: input.mpi,
    created_ms: input.nowMs,
    ...(input.redirectionUri ? { redirection_uri: input.redirectionUri } : {}),
    ...(input.originalOrderId ? { original_order_id: input.originalOrderId } : {}),
    ...(input.authOnly ? { auth_only: true } : {}),
  };
  const captured = input.authOnly ? 0 : input.amount;
  switch (input.card.scenario) {
    case 'declined':
      return { ...base, status: 'failure', codes: CODES.declined };
    case 'pending':
      return { ...base, status: 'pending', codes: CODES.pending, pending_until_ms: input.nowMs + input.pendingMs };
    case 'challenge':
      if (input.mpi !== 'mpi-none') return { ...base, status: 'challenge', codes: CODES.challenge };
      return { ...base, status: 'success', captured, codes: CODES.success };
    case 'success':
    case 'timeout':
      return { ...base, status: 'success', captured, codes: CODES.success };
  }
}

/** Inserts the order and, when it is charged, its one charge record, in the caller's transaction. */
export async function insertOrder(tx: Transaction, order: OrderDoc): Promise<void> {
  await ordersIn(tx).insertOne(order);
  if (order.captured > 0) await recordCharge(tx, order._id, order.captured, order.created_ms);
}

export async function recordCharge(tx: Transaction, orderId: string, amount: number, nowMs: number): Promise<void> {
  await chargesIn(tx).insertOne({ _id: randomUUID(), order_id: orderId, amount, at_ms: nowMs });
}

export function challengeUrlOf(publicUrl: string, orderId: string): string {
  return `${publicUrl}/api/payment/sandbox/challenge/${encodeURIComponent(orderId)}`;
}

/** An order read back as the answer to authorize (a repeated orderId answers the first order's result). */
export function resultOf(order: OrderDoc, publicUrl: string, savedCard?: StoredCard): AuthorizeResult {
  const orderId = order._id;
  switch (order.status) {
    case 'success':
    case 'canceled':
      return {
        status: 'success',
        orderId,
        capturedAmount: order.captured - order.refunded,
        codes: order.codes,
        ...(savedCard ? { savedCard } : {}),
      };
    case 'failure':
      return { status: 'failure', orderId, codes: order.codes };
    case 'pending':
      return { status: 'pending', orderId, codes: order.codes };
    case 'challenge':
      return { status: 'challenge', orderId, challengeUrl: challengeUrlOf(publicUrl, orderId), codes: order.codes };
  }
}
