import { useCallback, useState } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type {
  PlanCode,
  PurchaseFlowReply,
  PurchaseView,
  SubscriptionFlowReply,
  SubscriptionView,
} from '@talkwith/proto/billing';
import { errorMessageOf } from '../../api/index.ts';
import { useAuthorizeMutation, useSubscribeMutation } from './billingApi.ts';
import { browser, rememberChallengeCard, rememberOrder } from './browser.ts';
import { errorCodeOf, outcomeUnknown } from './format.ts';
import { useIntentKey } from './intentKey.ts';

/** How the shopper pays: a saved card, or a fresh token from the card form. */
export type PaySource = { card_id: string } | { token: string; save: boolean };

export type PaymentOutcome =
  | { kind: 'idle' }
  | { kind: 'success'; purchase?: PurchaseView; subscription?: SubscriptionView }
  | { kind: 'declined'; message: string }
  | { kind: 'pending'; orderId: string; orderNumber?: string }
  /** The answer was lost: retry() sends the same body with the same key. */
  | { kind: 'lost' }
  /** A subscription charge not settled yet (202): repeating the same call with the same key asks again. */
  | { kind: 'recheck' }
  /** On the way to the 3-D Secure page (a full-page redirect). */
  | { kind: 'redirecting' }
  | { kind: 'error'; message: string };

export type PaymentTarget = { product_id: string } | { plan_code: PlanCode };

type Failure = FetchBaseQueryError | SerializedError | undefined;

function failureOutcome(error: Failure, fallback: string): PaymentOutcome {
  if (outcomeUnknown(error)) return { kind: 'lost' };
  const body = error && 'data' in error ? (error.data as { purchase?: PurchaseView } | undefined) : undefined;
  if (errorCodeOf(error) === 'PAYMENT_PENDING' && body?.purchase)
    return { kind: 'pending', orderId: body.purchase.order_id, orderNumber: body.purchase.order_number };
  if (errorCodeOf(error) === 'PAYMENT_DECLINED') return { kind: 'declined', message: errorMessageOf(error, fallback) };
  return { kind: 'error', message: errorMessageOf(error, fallback) };
}

/** 3-D Secure: the whole page goes to the issuer's challenge; the return page completes the order. */
function redirectToChallenge(
  orderId: string | undefined,
  challengeUrl: string,
  cardId: string | null = null,
): PaymentOutcome {
  if (orderId) {
    rememberOrder(orderId);
    rememberChallengeCard(orderId, cardId);
  }
  browser.assign(challengeUrl);
  return { kind: 'redirecting' };
}

function flowOutcome(reply: PurchaseFlowReply, cardId: string | null): PaymentOutcome {
  if (reply.next === 'challenge' && reply.challenge_url)
    return redirectToChallenge(reply.purchase.order_id, reply.challenge_url, cardId);
  if (reply.next === 'pending')
    return { kind: 'pending', orderId: reply.purchase.order_id, orderNumber: reply.purchase.order_number };
  if (reply.purchase.status === 'failed') return { kind: 'declined', message: '' };
  return { kind: 'success', purchase: reply.purchase };
}

/** A subscription's answer: 202 PAYMENT_PENDING is data (2xx) too, and is asked again with the same key. */
function subscribedOutcome(reply: SubscriptionFlowReply): PaymentOutcome {
  if (reply.next === 'challenge' && reply.challenge_url) return redirectToChallenge(undefined, reply.challenge_url);
  if (reply.next === 'pending' || !('subscription' in reply)) return { kind: 'recheck' };
  return reply.subscription.status === 'active'
    ? { kind: 'success', subscription: reply.subscription }
    : { kind: 'declined', message: '' };
}

/**
 * One purchase or subscription as the shopper means it. The Idempotency-Key
 * belongs to the intent: it is kept (sessionStorage) while the same body is
 * retried after a lost answer, and dropped once the outcome is known — a
 * declined card and a new card are a new intent.
 */
export function usePaymentFlow(target: PaymentTarget, fallbackError: string) {
  const scope = 'product_id' in target ? `purchase:${target.product_id}` : `subscribe:${target.plan_code}`;
  const intent = useIntentKey(scope);
  const [authorize, authorizing] = useAuthorizeMutation();
  const [subscribe, subscribing] = useSubscribeMutation();
  const [outcome, setOutcome] = useState<PaymentOutcome>({ kind: 'idle' });
  const [lastSource, setLastSource] = useState<PaySource | null>(null);

  const send = useCallback(
    async (source: PaySource) => {
      setLastSource(source);
      const key = intent.key();
      const card = 'card_id' in source ? { card_id: source.card_id } : { token: source.token };
      let next: PaymentOutcome;
      if ('product_id' in target) {
        const save = 'token' in source ? { save_card: source.save } : {};
        const result = await authorize({
          key,
          body: { product_id: target.product_id, mpi: 'mpi-complete', ...card, ...save },
        });
        next = result.data
          ? flowOutcome(result.data, 'card_id' in source ? source.card_id : null)
          : failureOutcome(result.error, fallbackError);
      } else {
        const result = await subscribe({ key, body: { plan_code: target.plan_code, ...card } });
        next = result.data ? subscribedOutcome(result.data) : failureOutcome(result.error, fallbackError);
      }
      if (next.kind !== 'lost' && next.kind !== 'recheck') intent.finish();
      setOutcome(next);
    },
    [authorize, subscribe, target, intent, fallbackError],
  );

  const retry = useCallback(async () => {
    if (lastSource) await send(lastSource);
  }, [lastSource, send]);

  const reset = useCallback(() => setOutcome({ kind: 'idle' }), []);
  return { outcome, setOutcome, pay: send, retry, reset, busy: authorizing.isLoading || subscribing.isLoading };
}
