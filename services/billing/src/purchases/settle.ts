import type { Eventing, Transaction } from '@talkwith/platform';
import type { PurchaseStatus } from '@talkwith/proto/billing';
import { grantPoints, grantTickets } from '../ledger/index.ts';
import { releaseSpend } from '../minors/index.ts';
import type { AuthorizeResult, OrderState, ProviderCodes } from '../provider/port.ts';
import { confirmCharacter, releaseCharacter } from './entitlements.ts';
import { openPurchases, UNSETTLED, type PurchaseDoc } from './records.ts';

/** What we learned of an order: from an authorize answer, a 3-D Secure completion or a search. */
export type Outcome =
  | { status: 'captured' | 'failed' | 'pending' | 'unknown' | 'created'; codes?: ProviderCodes }
  | { status: 'challenge'; challengeUrl: string; codes?: ProviderCodes };

export function outcomeOfAuthorize(result: AuthorizeResult): Outcome {
  switch (result.status) {
    case 'success':
      return { status: 'captured', codes: result.codes };
    case 'failure':
      return { status: 'failed', codes: result.codes };
    case 'pending':
      return { status: 'pending', codes: result.codes };
    case 'challenge':
      return { status: 'challenge', challengeUrl: result.challengeUrl, codes: result.codes };
  }
}

/** How long a `created` purchase may be unknown to the provider before we conclude its call never arrived. */
export const CREATED_GRACE_MS = 60_000;
/** A shopper who left the 3-D Secure page this long ago is not coming back: nothing was charged. */
export const CHALLENGE_ABANDON_MS = 30 * 60_000;

/**
 * What a search says. `not_found` fails a purchase only once its authorize
 * call can no longer be on its way (CREATED_GRACE_MS); a refunded order was
 * not kept, so nothing is granted for it.
 */
export function outcomeOfSearch(state: OrderState, purchase: PurchaseDoc, now: Date): Outcome {
  const codes = state.codes ? { codes: state.codes } : {};
  switch (state.status) {
    case 'success':
      return { status: 'captured', ...codes };
    case 'failure':
    case 'canceled':
      return { status: 'failed', ...codes };
    case 'pending':
      return { status: 'pending', ...codes };
    case 'challenge': {
      if (now.getTime() - Date.parse(purchase.created_at) >= CHALLENGE_ABANDON_MS)
        return {
          status: 'failed',
          codes: { vResultCode: 'ABANDONED', mstatus: 'failure', message: '3-D Secure was never completed' },
        };
      return purchase.challenge_url
        ? { status: 'challenge', challengeUrl: purchase.challenge_url, ...codes }
        : { status: 'pending', ...codes };
    }
    case 'not_found': {
      const old = now.getTime() - Date.parse(purchase.created_at) >= CREATED_GRACE_MS;
      return old
        ? {
            status: 'failed',
            codes: { vResultCode: 'NOT_FOUND', mstatus: 'failure', message: 'the provider never received this order' },
          }
        : { status: purchase.status === 'created' ? 'created' : 'unknown', ...codes };
    }
  }
}

const SETTLED: PurchaseStatus[] = ['captured', 'failed'];

/**
 * Moves a purchase to what the provider said, in the caller's transaction.
 * The update is guarded (only from an unsettled status), so of two settlers
 * racing, one moves it and grants; the other matches nothing and grants
 * nothing. Returns whether this call settled it.
 */
export async function applyOutcome(
  tx: Transaction,
  events: Eventing,
  purchaseId: string,
  outcome: Outcome,
  now: Date,
): Promise<boolean> {
  const purchases = openPurchases(tx);
  const at = now.toISOString();
  const settles = SETTLED.includes(outcome.status);
  const set: Record<string, unknown> = {
    status: outcome.status,
    updated_at: at,
    ...(settles ? { settled_at: at } : {}),
  };
  if (outcome.codes) set.provider_result = outcome.codes;
  if (outcome.status === 'challenge') set.challenge_url = outcome.challengeUrl;
  const result = await purchases.updateOne(
    { _id: purchaseId, status: { $in: UNSETTLED } },
    { $set: set, $inc: { attempts: 1 } },
  );
  if (result.matchedCount !== 1 || !settles) return result.matchedCount === 1;
  const purchase = await purchases.findOne({ _id: purchaseId });
  if (!purchase) throw new Error(`purchase ${purchaseId} vanished inside its own transaction`);
  if (outcome.status === 'captured') {
    await deliver(tx, events, purchase, at);
    return true;
  }
  if (purchase.character_id) await releaseCharacter(tx, purchase.user_id, purchase.character_id, purchase._id);
  // Not charged: a minor's reservation on the month's cap is given back.
  await releaseSpend(tx, purchase._id);
  return true;
}

/** Grants what was bought and announces it: the same transaction as the status change. */
export async function deliver(tx: Transaction, events: Eventing, purchase: PurchaseDoc, at: string): Promise<void> {
  const { user_id, _id: ref } = purchase;
  if (purchase.character_id) await confirmCharacter(tx, user_id, purchase.character_id, ref, at);
  if (purchase.tickets)
    await grantTickets(tx, events, { user_id, count: purchase.tickets, source: 'purchase', ref, now: new Date(at) });
  // PU0001: bought points (SPEC.md §4 names no code for them; booking them as MA0001 would show a purchase as an operator's gift).
  if (purchase.points)
    await grantPoints(tx, events, {
      user_id,
      points: purchase.points,
      code: 'PU0001',
      ref,
      reason: 'ポイント購入',
      now: new Date(at),
    });
  await events.publish(
    'purchase.completed',
    user_id,
    {
      purchase_id: ref,
      user_id,
      order_id: purchase.order_id,
      ...(purchase.order_number ? { order_number: purchase.order_number } : {}),
      product_id: purchase.product_id,
      kind: purchase.kind,
      amount: purchase.amount,
      ...(purchase.character_id ? { character_id: purchase.character_id } : {}),
      completed_at: at,
    },
    tx,
  );
}
