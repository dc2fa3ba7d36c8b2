import { randomUUID } from 'node:crypto';
import { type DocumentStore } from '@talkwith/platform';
import type { PlanCode, SubscriptionFlowReply } from '@talkwith/proto/billing';
import { requireSoldGroup } from '../catalog/index.ts';
import type { BillingDeps } from '../deps.ts';
import { idempotent, type Answer, type IdempotentCall } from '../idempotency.ts';
import { accountIdOf, listCards, requireCard } from '../purchases/cards.ts';
import { chargeOnce, type PeriodCharge } from './charge.ts';
import { doneAnswer, finishChallenge, holdForChallenge, returnUriOf } from './challenge.ts';
import { claimCharge, settleCaptured, settleDeclined } from './periods.ts';
import { planOf } from './plans.ts';
import { openPeriodCharges, openSubscriptions, type ChargeInFlight, type SubscriptionRecord } from './records.ts';
import { leaseMsOf, retryWaitsOf } from './renewal.ts';
import { withKeptCard } from './saved-card.ts';
import { reservePeriodSpend } from './spend-cap.ts';
import { effectiveStatus, requireTransition } from './state.ts';
import { purchaseErrors, subscriptionErrors } from '../errors.ts';

/** A call that starts a paid period: subscribe, or resubscribe once the paid period is over. */
export interface PaidStart {
  userId: string;
  planCode: PlanCode;
  reason: 'subscribe' | 'resubscribe';
  cardId?: string;
  token?: string;
  groupId?: string;
  call: IdempotentCall;
}

class NoAnswerYet extends Error {}

/** The answer stored under this call's key, if the call was answered before (a different body under it is refused). */
export async function storedAnswer<B>(store: DocumentStore, call: IdempotentCall): Promise<Answer<B> | null> {
  try {
    return await idempotent<B>(store, call, async () => {
      throw new NoAnswerYet();
    });
  } catch (err) {
    if (err instanceof NoAnswerYet) return null;
    throw err;
  }
}

// Another call's charge waits for its 3-D Secure answer (CHALLENGE_LEASE_MS at most): charging a second card meanwhile could charge twice.

export function checkGroup(planCode: PlanCode, groupId: string | undefined): void {
  const plan = planOf(planCode);
  if (plan.group_bound && !groupId) throw subscriptionErrors.groupRequired();
  if (!plan.group_bound && groupId) throw subscriptionErrors.groupNotAllowed();
}

/** The user's record of this plan (one per user and plan), made inactive on first use; a racing maker reads the winner's. */
async function recordFor(
  store: DocumentStore,
  userId: string,
  planCode: PlanCode,
  now: Date,
): Promise<SubscriptionRecord> {
  const subscriptions = openSubscriptions(store);
  const existing = await subscriptions.findOne({ user_id: userId, plan_code: planCode });
  if (existing) return existing;
  const at = now.toISOString();
  const fresh = {
    _id: randomUUID(),
    user_id: userId,
    plan_code: planCode,
    status: 'inactive' as const,
    period: 0,
    failed_attempts: 0,
    account_id: await accountIdOf(store, userId),
    created_at: at,
    updated_at: at,
  };
  try {
    return await subscriptions.insertOne(fresh);
  } catch (err) {
    if ((err as { code?: string }).code !== 'DUPLICATE_KEY') throw err;
    const winner = await subscriptions.findOne({ user_id: userId, plan_code: planCode });
    if (!winner) throw err;
    return winner;
  }
}

type ChargeCard = Pick<ChargeInFlight, 'card_id' | 'card_masked' | 'saves_card'>;

/**
 * The card to charge: a new token (charged with 3-D Secure; the provider
 * keeps it, and the cards the account had before tell it apart), a saved
 * card of theirs, or their default card (both recurring: no 3-D Secure).
 */
async function cardFor(deps: BillingDeps, start: PaidStart, accountId: string): Promise<ChargeCard> {
  const { store } = deps.platform;
  if (start.token) {
    const known = await deps.provider.listCards(accountId);
    return { card_id: '', card_masked: '', saves_card: { known_card_ids: known.map((card) => card.cardId) } };
  }
  if (start.cardId) {
    const card = await requireCard(store, deps.provider, start.userId, start.cardId);
    return { card_id: card.cardId, card_masked: card.maskedNumber };
  }
  const card = (await listCards(store, deps.provider, start.userId)).find((c) => c.default);
  if (!card) throw subscriptionErrors.noSavedCard();
  return { card_id: card.card_id, card_masked: card.masked };
}

/** An answer stored before replies said `next` was a settled one. */
function withNext(answer: Answer<SubscriptionFlowReply>): Answer<SubscriptionFlowReply> {
  return { status: answer.status, body: { ...answer.body, next: answer.body.next ?? 'done' } };
}

/**
 * Takes the charge of the next period for this call: resumes this key's own
 * charge (after a crash or a lost answer), or starts a new one when the state
 * machine allows. Null: this key's period was settled already.
 */
async function claimFor(
  deps: BillingDeps,
  start: PaidStart,
  record: SubscriptionRecord,
  now: Date,
): Promise<SubscriptionRecord | null> {
  const { store } = deps.platform;
  const key = start.call.key;
  const leaseMs = leaseMsOf(deps.config);
  if (record.charge?.idempotency_key === key) {
    const resumed = await claimCharge(store, record, record.charge, now, leaseMs);
    if (!resumed) throw subscriptionErrors.paymentInProgress();
    await reservePeriodSpend(deps, resumed, now, true);
    return resumed;
  }
  if (await openPeriodCharges(store).findOne({ subscription_id: record._id, idempotency_key: key })) return null;
  if (record.charge?.challenge_url) throw subscriptionErrors.challengeInProgress();
  if (record.charge) throw subscriptionErrors.paymentInProgress();
  requireTransition(effectiveStatus(record, now), start.reason);
  // Claim before the card is resolved: of two racing calls only one spends the one-time token.
  const claimed = await claimCharge(
    store,
    record,
    { reason: start.reason, card_id: '', card_masked: '', idempotency_key: key },
    now,
    leaseMs,
  );
  if (!claimed) throw subscriptionErrors.paymentInProgress();
  const orderFilter = { _id: claimed._id, 'charge.order_id': claimed.charge?.order_id };
  let card: ChargeCard;
  try {
    card = await cardFor(deps, start, claimed.account_id);
    await reservePeriodSpend(deps, claimed, now);
  } catch (err) {
    // The provider never saw this orderId: the claim is given back unused (a minor's cap refusal included).
    await openSubscriptions(store).updateOne(orderFilter, { $unset: { charge: '' } });
    throw err;
  }
  const withCard = await openSubscriptions(store).findOneAndUpdate(orderFilter, {
    $set: {
      'charge.card_id': card.card_id,
      'charge.card_masked': card.card_masked,
      ...(card.saves_card ? { 'charge.saves_card': card.saves_card } : {}),
    },
  });
  if (!withCard) throw subscriptionErrors.paymentInProgress();
  return withCard;
}

/** What the provider is asked for this claimed charge: a new card (3-D Secure, back to our return page) or the card on the charge. */
function periodChargeOf(deps: BillingDeps, start: PaidStart, claimed: SubscriptionRecord): PeriodCharge {
  const charge = claimed.charge as ChargeInFlight;
  const base = {
    orderId: charge.order_id,
    amount: planOf(claimed.plan_code).amount,
    accountId: claimed.account_id,
    cardId: charge.card_id,
  };
  if (!charge.saves_card || !start.token) return base;
  return { ...base, newCard: { token: start.token, redirectionUri: returnUriOf(deps.publicUrl, charge.order_id) } };
}

/** This key's charge is at the 3-D Secure page: a repeat of the call asks the provider, as the return page does. */
function atChallengeOf(record: SubscriptionRecord, key: string, now: Date): boolean {
  const charge = record.charge;
  return Boolean(
    charge?.challenge_url && charge.idempotency_key === key && Date.parse(charge.lease_until) > now.getTime(),
  );
}

/**
 * Subscribe (or resubscribe after the period ended): charges the next period
 * once, whatever is retried or killed on the way. The subscription record is
 * the idempotency record of the charge (its orderId is the period's); the
 * answer is stored under the key in the transaction that settles it. A new
 * card is charged with 3-D Secure: a challenge answers `next: 'challenge'`
 * and the charge settles at subscription/mpi_complete (challenge.ts).
 */
export async function startPaidPeriod(
  deps: BillingDeps,
  start: PaidStart,
  now: Date,
): Promise<Answer<SubscriptionFlowReply>> {
  const { store, events } = deps.platform;
  const earlier = await storedAnswer<SubscriptionFlowReply>(store, start.call);
  if (earlier) return withNext(earlier);
  if (start.token && start.cardId) throw purchaseErrors.tokenOrCard();
  checkGroup(start.planCode, start.groupId);
  const record = await recordFor(store, start.userId, start.planCode, now);
  // Only a group the catalog has and sells, checked before any charge (this key's own charge in flight is finished whatever the group became).
  if (start.groupId && record.charge?.idempotency_key !== start.call.key) await requireSoldGroup(store, start.groupId);
  if (start.groupId && record.group_id !== start.groupId && !record.charge) {
    await openSubscriptions(store).updateOne(
      { _id: record._id, status: 'inactive' },
      { $set: { group_id: start.groupId } },
    );
    record.group_id = start.groupId;
  }
  if (atChallengeOf(record, start.call.key, now)) return finishChallenge(deps, record, now);
  const claimed = await claimFor(deps, start, record, now);
  if (!claimed)
    return idempotent(store, start.call, async (tx) =>
      doneAnswer((await openSubscriptions(tx).findOne({ _id: record._id })) as SubscriptionRecord),
    );
  const outcome = await chargeOnce(deps.provider, periodChargeOf(deps, start, claimed));
  switch (outcome.kind) {
    case 'captured': {
      const withCard = await withKeptCard(deps, claimed, outcome.savedCard);
      return idempotent(store, start.call, async (tx) =>
        doneAnswer(
          (await settleCaptured(tx, events, withCard, now)) ??
            ((await openSubscriptions(tx).findOne({ _id: claimed._id })) as SubscriptionRecord),
        ),
      );
    }
    case 'challenge':
      return holdForChallenge(store, claimed, outcome.challengeUrl, now);
    case 'declined':
      await store.withTransaction((tx) => settleDeclined(tx, events, claimed, now, retryWaitsOf(deps.config)));
      throw subscriptionErrors.declined(claimed._id);
    case 'unknown':
      throw subscriptionErrors.pending(claimed._id);
  }
}
