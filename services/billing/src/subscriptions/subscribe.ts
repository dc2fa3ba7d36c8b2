import { randomUUID } from 'node:crypto';
import { AppError, type DocumentStore } from '@talkwith/platform';
import type { PlanCode, SubscriptionReply } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { idempotent, type Answer, type IdempotentCall } from '../idempotency.ts';
import { accountIdOf, addCard, listCards, requireCard } from '../purchases/cards.ts';
import { chargeOnce } from './charge.ts';
import { claimCharge, settleCaptured, settleDeclined, type ChargeRequest } from './periods.ts';
import { planOf } from './plans.ts';
import { openPeriodCharges, openSubscriptions, viewOf, type ChargeInFlight, type SubscriptionRecord } from './records.ts';
import { leaseMsOf, retryWaitsOf } from './renewal.ts';
import { effectiveStatus, requireTransition } from './state.ts';

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
    return await idempotent<B>(store, call, async () => { throw new NoAnswerYet(); });
  } catch (err) {
    if (err instanceof NoAnswerYet) return null;
    throw err;
  }
}

const inProgress = () => new AppError('CONFLICT', 'お支払いを処理中です。少し待ってからもう一度お試しください。', { status: 409 });

export function checkGroup(planCode: PlanCode, groupId: string | undefined): void {
  const plan = planOf(planCode);
  if (plan.group_bound && !groupId) throw new AppError('VALIDATION_FAILED', 'グループプランにはグループの指定が必要です。', { field: 'group_id' });
  if (!plan.group_bound && groupId) throw new AppError('VALIDATION_FAILED', 'このプランにはグループを指定できません。', { field: 'group_id' });
}

/** The user's record of this plan (one per user and plan), made inactive on first use; a racing maker reads the winner's. */
async function recordFor(store: DocumentStore, userId: string, planCode: PlanCode, now: Date): Promise<SubscriptionRecord> {
  const subscriptions = openSubscriptions(store);
  const existing = await subscriptions.findOne({ user_id: userId, plan_code: planCode });
  if (existing) return existing;
  const at = now.toISOString();
  const fresh = { _id: randomUUID(), user_id: userId, plan_code: planCode, status: 'inactive' as const, period: 0, failed_attempts: 0, account_id: await accountIdOf(store, userId), created_at: at, updated_at: at };
  try {
    return await subscriptions.insertOne(fresh);
  } catch (err) {
    if ((err as { code?: string }).code !== 'DUPLICATE_KEY') throw err;
    const winner = await subscriptions.findOne({ user_id: userId, plan_code: planCode });
    if (!winner) throw err;
    return winner;
  }
}

/** The card to charge: a new token (kept at the provider as a card of the user), a saved card of theirs, or their default card. */
async function cardFor(deps: BillingDeps, start: PaidStart): Promise<Pick<ChargeRequest, 'card_id' | 'card_masked'>> {
  const { store } = deps.platform;
  if (start.token) {
    const card = await addCard(store, deps.provider, start.userId, start.token);
    return { card_id: card.card_id, card_masked: card.masked };
  }
  if (start.cardId) {
    const card = await requireCard(store, deps.provider, start.userId, start.cardId);
    return { card_id: card.cardId, card_masked: card.maskedNumber };
  }
  const card = (await listCards(store, deps.provider, start.userId)).find((c) => c.default);
  if (!card) throw new AppError('CARD_NOT_FOUND', 'お支払いに使うカードを登録してください。', { status: 404, field: 'card_id' });
  return { card_id: card.card_id, card_masked: card.masked };
}

function answerWith(record: SubscriptionRecord): Answer<SubscriptionReply> {
  return { status: 200, body: { ok: true, subscription: viewOf(record) } };
}

/**
 * Takes the charge of the next period for this call: resumes this key's own
 * charge (after a crash or a lost answer), or starts a new one when the state
 * machine allows. Null: this key's period was settled already.
 */
async function claimFor(deps: BillingDeps, start: PaidStart, record: SubscriptionRecord, now: Date): Promise<SubscriptionRecord | null> {
  const { store } = deps.platform;
  const key = start.call.key;
  const leaseMs = leaseMsOf(deps.config);
  if (record.charge?.idempotency_key === key) {
    const resumed = await claimCharge(store, record, record.charge, now, leaseMs);
    if (!resumed) throw inProgress();
    return resumed;
  }
  if (await openPeriodCharges(store).findOne({ subscription_id: record._id, idempotency_key: key })) return null;
  if (record.charge) throw inProgress();
  requireTransition(effectiveStatus(record, now), start.reason);
  // Claim before the card is resolved: of two racing calls only one spends the one-time token.
  const claimed = await claimCharge(store, record, { reason: start.reason, card_id: '', card_masked: '', idempotency_key: key }, now, leaseMs);
  if (!claimed) throw inProgress();
  const orderFilter = { _id: claimed._id, 'charge.order_id': claimed.charge?.order_id };
  let card: Pick<ChargeRequest, 'card_id' | 'card_masked'>;
  try {
    card = await cardFor(deps, start);
  } catch (err) {
    // The provider never saw this orderId: the claim is given back unused.
    await openSubscriptions(store).updateOne(orderFilter, { $unset: { charge: '' } });
    throw err;
  }
  const withCard = await openSubscriptions(store).findOneAndUpdate(orderFilter, { $set: { 'charge.card_id': card.card_id, 'charge.card_masked': card.card_masked } });
  if (!withCard) throw inProgress();
  return withCard;
}

/**
 * Subscribe (or resubscribe after the period ended): charges the next period
 * once, whatever is retried or killed on the way. The subscription record is
 * the idempotency record of the charge (its orderId is the period's); the
 * answer is stored under the key in the transaction that settles it.
 */
export async function startPaidPeriod(deps: BillingDeps, start: PaidStart, now: Date): Promise<Answer<SubscriptionReply>> {
  const { store, events } = deps.platform;
  const earlier = await storedAnswer<SubscriptionReply>(store, start.call);
  if (earlier) return earlier;
  checkGroup(start.planCode, start.groupId);
  const record = await recordFor(store, start.userId, start.planCode, now);
  if (start.groupId && record.group_id !== start.groupId && !record.charge) {
    await openSubscriptions(store).updateOne({ _id: record._id, status: 'inactive' }, { $set: { group_id: start.groupId } });
    record.group_id = start.groupId;
  }
  const claimed = await claimFor(deps, start, record, now);
  if (!claimed) return idempotent(store, start.call, async (tx) => answerWith((await openSubscriptions(tx).findOne({ _id: record._id })) as SubscriptionRecord));
  const charge = claimed.charge as ChargeInFlight;
  const outcome = await chargeOnce(deps.provider, { orderId: charge.order_id, amount: planOf(claimed.plan_code).amount, accountId: claimed.account_id, cardId: charge.card_id });
  if (outcome.kind === 'captured') {
    return idempotent(store, start.call, async (tx) => answerWith((await settleCaptured(tx, events, claimed, now)) ?? (await openSubscriptions(tx).findOne({ _id: claimed._id })) as SubscriptionRecord));
  }
  if (outcome.kind === 'declined') {
    await store.withTransaction((tx) => settleDeclined(tx, events, claimed, now, retryWaitsOf(deps.config)));
    throw new AppError('PAYMENT_DECLINED', 'カードでのお支払いができませんでした。別のカードでお試しください。', { status: 402, body: { subscription_id: claimed._id } });
  }
  throw new AppError('PAYMENT_PENDING', 'お支払いの結果を確認しています。少し待ってから同じ操作をもう一度お試しください。', { status: 202, body: { subscription_id: claimed._id } });
}
