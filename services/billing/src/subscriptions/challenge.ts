import { AppError, type DocumentStore } from '@talkwith/platform';
import type { SubscriptionFlowReply } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import type { Answer } from '../idempotency.ts';
import { ProviderRequestError, ProviderTimeoutError, type PaymentProvider } from '../provider/port.ts';
import { outcomeOfAuthorize, settledAfterRefusal, type ChargeOutcome } from './charge.ts';
import { settleCaptured, settleDeclined } from './periods.ts';
import {
  openPeriodCharges,
  openSubscriptions,
  orderIdOf,
  viewOf,
  type ChargeInFlight,
  type SubscriptionRecord,
} from './records.ts';
import { CHALLENGE_LEASE_MS, retryWaitsOf } from './renewal.ts';
import { withKeptCard } from './saved-card.ts';
import { messages, subscriptionErrors } from '../errors.ts';

/** Where the 3-D Secure page sends the browser back: the web's return page, told it is a subscription's charge. */
export function returnUriOf(publicUrl: string, orderId: string): string {
  return `${publicUrl}/payment/process/mpi_complete?order_id=${encodeURIComponent(orderId)}&kind=subscription`;
}

export function doneAnswer(record: SubscriptionRecord): Answer<SubscriptionFlowReply> {
  return { status: 200, body: { ok: true, subscription: viewOf(record), next: 'done' } };
}

function challengeAnswer(record: SubscriptionRecord, challengeUrl: string): Answer<SubscriptionFlowReply> {
  return {
    status: 200,
    body: { ok: true, subscription: viewOf(record), next: 'challenge', challenge_url: challengeUrl },
  };
}

function pendingAnswer(record: SubscriptionRecord): Answer<SubscriptionFlowReply> {
  return {
    status: 202,
    body: {
      ok: true,
      subscription: viewOf(record),
      next: 'pending',
      code: 'PAYMENT_PENDING',
      message: messages.subscriptionPending,
    },
  };
}

/**
 * The shopper is sent to the 3-D Secure page: the challenge is kept on the
 * charge's lease, which now lasts CHALLENGE_LEASE_MS so no sweep searches it
 * while the shopper answers (guarded: only the holder that authorised it).
 */
export async function holdForChallenge(
  store: DocumentStore,
  claimed: SubscriptionRecord,
  challengeUrl: string,
  now: Date,
): Promise<Answer<SubscriptionFlowReply>> {
  const charge = claimed.charge as ChargeInFlight;
  const held = await openSubscriptions(store).findOneAndUpdate(
    { _id: claimed._id, 'charge.order_id': charge.order_id, 'charge.lease_until': charge.lease_until },
    {
      $set: {
        'charge.challenge_url': challengeUrl,
        'charge.lease_until': new Date(now.getTime() + CHALLENGE_LEASE_MS).toISOString(),
        updated_at: now.toISOString(),
      },
    },
  );
  if (!held) throw subscriptionErrors.paymentInProgress();
  return challengeAnswer(held, challengeUrl);
}

/** What the provider says of a challenged order now: the shopper's answer (and the charge when it passed), or still waiting. */
async function completionOf(provider: PaymentProvider, orderId: string): Promise<ChargeOutcome> {
  try {
    return outcomeOfAuthorize(await provider.completeChallenge(orderId));
  } catch (err) {
    if (err instanceof ProviderTimeoutError) return { kind: 'unknown' };
    if (err instanceof ProviderRequestError) return settledAfterRefusal(provider, orderId, err);
    throw err;
  }
}

/**
 * Settles a challenged first charge from the shopper's answer, exactly as a
 * first charge without a challenge: captured → the period, its grants and
 * events, the kept card as the recurring card; failed → inactive, 402. Each
 * settlement is a guarded update, so two completions (or one racing the
 * sweep) settle and grant once.
 */
export async function finishChallenge(
  deps: BillingDeps,
  record: SubscriptionRecord,
  now: Date,
): Promise<Answer<SubscriptionFlowReply>> {
  const { store, events } = deps.platform;
  const charge = record.charge as ChargeInFlight;
  const outcome = await completionOf(deps.provider, charge.order_id);
  switch (outcome.kind) {
    case 'captured': {
      const withCard = await withKeptCard(deps, record, outcome.savedCard);
      const settled = await store.withTransaction((tx) => settleCaptured(tx, events, withCard, now));
      return settled ? doneAnswer(settled) : answerOfSettled(deps, record._id, charge.order_id);
    }
    case 'declined':
      await store.withTransaction((tx) => settleDeclined(tx, events, record, now, retryWaitsOf(deps.config)));
      throw subscriptionErrors.declined(record._id);
    case 'challenge':
      return challengeAnswer(record, charge.challenge_url ?? outcome.challengeUrl);
    case 'unknown':
      return pendingAnswer(record);
  }
}

/**
 * An order no longer in flight: settled (its period charge exists) answers
 * done; otherwise it was given up (declined, or abandoned past its lease).
 * Money the provider still took for a given-up order (the shopper answered
 * the page after the sweep failed it) is refunded: nothing was granted for it.
 */
async function answerOfSettled(
  deps: BillingDeps,
  subscriptionId: string,
  orderId: string,
): Promise<Answer<SubscriptionFlowReply>> {
  const { store } = deps.platform;
  const record = await openSubscriptions(store).findOne({ _id: subscriptionId });
  if (record && (await openPeriodCharges(store).findOne({ _id: orderId }))) return doneAnswer(record);
  try {
    const state = await deps.provider.search(orderId);
    if (state.status === 'not_found') throw subscriptionErrors.chargeNotFound();
    if (state.capturedAmount > 0) await deps.provider.cancel(orderId);
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.platform.logger.error(
      { err, orderId },
      'a given-up subscription charge was captured and could not be refunded: refund it by hand',
    );
  }
  throw subscriptionErrors.declined(subscriptionId);
}

const ORDER_ID = /^sub-(.+)-(\d+)(?:-r(\d+))?$/;

/** The subscription an orderId belongs to (`sub-{id}-{N}` or `sub-{id}-{N}-r{k}`), or null. */
async function subscriptionOfOrder(store: DocumentStore, orderId: string): Promise<SubscriptionRecord | null> {
  const inFlight = await openSubscriptions(store).findOne({ 'charge.order_id': orderId });
  if (inFlight) return inFlight;
  const match = ORDER_ID.exec(orderId);
  if (!match?.[1] || orderIdOf(match[1], Number(match[2]), Number(match[3] ?? 0)) !== orderId) return null;
  return openSubscriptions(store).findOne({ _id: match[1] });
}

/**
 * POST subscription/mpi_complete: the browser is back from the 3-D Secure
 * page. The caller's own charge only (anyone else's is not found, so ids are
 * not probed); safe to call again.
 */
export async function completeSubscriptionChallenge(
  deps: BillingDeps,
  userId: string,
  orderId: string,
  now: Date,
): Promise<Answer<SubscriptionFlowReply>> {
  const record = await subscriptionOfOrder(deps.platform.store, orderId);
  if (!record || record.user_id !== userId) throw subscriptionErrors.chargeNotFound();
  if (record.charge?.order_id === orderId) {
    // A charge not at a challenge is its holder's to settle (it may not have reached the provider yet): only asked about.
    return record.charge.challenge_url ? finishChallenge(deps, record, now) : pendingAnswer(record);
  }
  return answerOfSettled(deps, record._id, orderId);
}
