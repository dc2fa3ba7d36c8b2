import { type DocumentStore, type Transaction } from '@talkwith/platform';
import type {
  ChangeSubscriptionBody,
  RecurringReply,
  SubscriptionFlowReply,
  SubscriptionReply,
  SubscriptionStatusReply,
  SubscriptionView,
} from '@talkwith/proto/billing';
import type { Acting } from '../caller.ts';
import { requireSoldGroup } from '../catalog/index.ts';
import type { BillingDeps } from '../deps.ts';
import { idempotent, type Answer, type IdempotentCall } from '../idempotency.ts';
import { factsOfChoice, recordCancellation, type CancelFacts } from '../cancel-reasons/index.ts';
import { requireCard } from '../purchases/cards.ts';
import { factsOf } from './periods.ts';
import { PLANS, planOf } from './plans.ts';
import { openSubscriptions, viewOf, type SubscriptionRecord } from './records.ts';
import { storedAnswer, startPaidPeriod } from './subscribe.ts';
import { effectiveStatus, isUsable, requireTransition } from './state.ts';
import { subscriptionErrors } from '../errors.ts';

/** The subscription, if it is the acting user's (an admin may act on anyone's). */
export async function ownedSubscription(
  store: DocumentStore | Transaction,
  acting: Acting,
  subscriptionId: string,
): Promise<SubscriptionRecord> {
  const record = await openSubscriptions(store).findOne({ _id: subscriptionId });
  if (!record) throw subscriptionErrors.notFound();
  // An admin may act on anyone's; when the call names a user, the subscription must be that user's.
  const namedSomeoneElse = acting.userId !== acting.caller.sub;
  const allowed = acting.isAdmin
    ? !namedSomeoneElse || record.user_id === acting.userId
    : record.user_id === acting.caller.sub;
  if (!allowed) throw subscriptionErrors.notYours();
  return record;
}

function answer(record: SubscriptionRecord): Answer<SubscriptionReply> {
  return { status: 200, body: { ok: true, subscription: viewOf(record) } };
}

/**
 * cancel: active → canceled; usable to the end of the paid period, not renewed.
 * The reason chosen (cancel_reasons/list) and the free text are kept on the
 * subscription, in a cancellation record the console counts, and in the
 * event, all in the cancel's transaction.
 */
export async function cancelSubscription(
  deps: BillingDeps,
  acting: Acting,
  input: { subscriptionId: string; reasonId?: string; reason?: string },
  call: IdempotentCall,
  now: Date,
): Promise<Answer<SubscriptionReply>> {
  const { store, events } = deps.platform;
  return idempotent(store, call, async (tx) => {
    const record = await ownedSubscription(tx, acting, input.subscriptionId);
    requireTransition(effectiveStatus(record, now), 'cancel');
    const by = acting.isAdmin && record.user_id !== acting.caller.sub ? 'operator' : 'user';
    const facts = await factsOfChoice(tx, {
      by,
      ...(input.reasonId ? { reasonId: input.reasonId } : {}),
      ...(input.reason ? { text: input.reason } : {}),
    });
    const at = now.toISOString();
    const canceled = await openSubscriptions(tx).findOneAndUpdate(
      { _id: record._id, status: 'active' },
      {
        $set: { status: 'canceled', canceled_at: at, updated_at: at, ...cancelFields(facts) },
        $unset: { retry_at: '' },
      },
    );
    if (!canceled) throw subscriptionErrors.raced();
    await recordCancellation(tx, canceled, facts, at);
    await events.publish('subscription.canceled', canceled._id, { ...factsOf(canceled), ...facts }, tx);
    return answer(canceled);
  });
}

const cancelFields = (facts: CancelFacts) => ({
  ...(facts.reason_text ? { cancel_reason: facts.reason_text } : {}),
  ...(facts.reason_id ? { cancel_reason_id: facts.reason_id, cancel_reason_label: facts.reason_label } : {}),
});

const cardOnFile = (cardId: string | undefined) => (cardId ? { cardId } : {});

/**
 * resubscribe: a cancelled subscription still inside its paid period is
 * active again without a charge; one whose period is over (inactive) charges
 * a new period, with the card given (a new one, token, with 3-D Secure) or
 * the one it had.
 */
export async function resubscribe(
  deps: BillingDeps,
  acting: Acting,
  input: { subscriptionId: string; cardId?: string; token?: string },
  call: IdempotentCall,
  now: Date,
): Promise<Answer<SubscriptionFlowReply>> {
  const { store, events } = deps.platform;
  const earlier = await storedAnswer<SubscriptionFlowReply>(store, call);
  if (earlier) return { status: earlier.status, body: { ...earlier.body, next: earlier.body.next ?? 'done' } };
  const record = await ownedSubscription(store, acting, input.subscriptionId);
  const status = effectiveStatus(record, now);
  if (status === 'inactive' || record.charge?.idempotency_key === call.key) {
    const card = input.token
      ? { token: input.token, ...(input.cardId ? { cardId: input.cardId } : {}) }
      : cardOnFile(input.cardId ?? record.card?.card_id);
    return startPaidPeriod(
      deps,
      {
        userId: record.user_id,
        planCode: record.plan_code,
        reason: 'resubscribe',
        call,
        ...card,
        ...(record.group_id ? { groupId: record.group_id } : {}),
      },
      now,
    );
  }
  requireTransition(status, 'resubscribe');
  return idempotent(store, call, async (tx) => {
    const resumed = await openSubscriptions(tx).findOneAndUpdate(
      { _id: record._id, status: 'canceled', period_end: { $gt: now.toISOString() } },
      {
        $set: { status: 'active', updated_at: now.toISOString() },
        $unset: { canceled_at: '', cancel_reason: '', cancel_reason_id: '', cancel_reason_label: '' },
      },
    );
    if (!resumed) throw subscriptionErrors.raced();
    await events.publish('subscription.started', resumed._id, { ...factsOf(resumed), event: 'resubscribe' }, tx);
    return { status: 200, body: { ok: true, subscription: viewOf(resumed), next: 'done' } };
  });
}

/** change: an active group plan moves to another group the catalog sells (404 / 409 otherwise; and, if given, renews with another card of the subscriber's). */
export async function changeSubscription(
  deps: BillingDeps,
  acting: Acting,
  input: ChangeSubscriptionBody,
  call: IdempotentCall,
  now: Date,
): Promise<Answer<SubscriptionReply>> {
  const { store, events } = deps.platform;
  const earlier = await storedAnswer<SubscriptionReply>(store, call);
  if (earlier) return earlier;
  const current = await ownedSubscription(store, acting, input.subscriptionId);
  if (!planOf(current.plan_code).group_bound) throw subscriptionErrors.groupNotChangeable();
  await requireSoldGroup(store, input.groupId, 'groupId');
  const card = input.cardInfo ? await requireCard(store, deps.provider, current.user_id, input.cardInfo.card_id) : null;
  return idempotent(store, call, async (tx) => {
    const record = await ownedSubscription(tx, acting, input.subscriptionId);
    requireTransition(effectiveStatus(record, now), 'change');
    const changed = await openSubscriptions(tx).findOneAndUpdate(
      { _id: record._id, status: 'active' },
      {
        $set: {
          group_id: input.groupId,
          updated_at: now.toISOString(),
          ...(card ? { card: { card_id: card.cardId, masked: card.maskedNumber } } : {}),
        },
      },
    );
    if (!changed) throw subscriptionErrors.raced();
    await events.publish(
      'subscription.changed',
      changed._id,
      { ...factsOf(changed), ...(record.group_id ? { previous_group_id: record.group_id } : {}) },
      tx,
    );
    return answer(changed);
  });
}

export async function subscriptionsOf(store: DocumentStore, userId: string): Promise<SubscriptionView[]> {
  return (await openSubscriptions(store).find({ user_id: userId }, { sort: { created_at: 1 } })).map(viewOf);
}

/**
 * What a status button names (`btn_id`): a plan code that is not group-bound
 * (`PROD001`, the monthly plan's button) names that plan; anything else is a
 * group id (a group page's plan button) and names the group plan bound to it.
 */
function coverFilter(userId: string, btnId: string): Record<string, unknown> {
  const plan = Object.values(PLANS).find((p) => p.plan_code === btnId && !p.group_bound);
  return plan
    ? { user_id: userId, plan_code: plan.plan_code }
    : { user_id: userId, plan_code: 'OTHERS', group_id: btnId };
}

/**
 * status {user_id, btn_id}: may this user use what the button sells now?
 * Allowed while the subscription that covers it (coverFilter) is usable:
 * active, or cancelled inside its paid period. A plan to another group, or
 * the monthly plan for a group's button, does not allow.
 */
export async function statusOf(
  store: DocumentStore,
  userId: string,
  btnId: string,
  now: Date,
): Promise<SubscriptionStatusReply> {
  const record = await openSubscriptions(store).findOne(coverFilter(userId, btnId));
  if (!record) return { ok: true, status: 'inactive', allowed: false };
  return {
    ok: true,
    status: effectiveStatus(record, now),
    subscription: viewOf(record),
    allowed: isUsable(record, now),
  };
}

function recurringReply(record: SubscriptionRecord): RecurringReply {
  const view = viewOf(record);
  return {
    ok: true,
    subscription_id: record._id,
    card: record.card ?? null,
    ...(view.next_charge_at ? { next_charge_at: view.next_charge_at } : {}),
  };
}

export type RecurringAction = 'get' | 'add' | 'delete' | 'change_card';

/** The card renewals charge: read it, set it (add, change_card: a card of the subscriber's) or remove it. */
export async function recurring(
  deps: BillingDeps,
  acting: Acting,
  action: RecurringAction,
  input: { subscriptionId: string; cardId?: string },
  now: Date,
): Promise<RecurringReply> {
  const { store } = deps.platform;
  const record = await ownedSubscription(store, acting, input.subscriptionId);
  if (action === 'get') return recurringReply(record);
  const subscriptions = openSubscriptions(store);
  if (action === 'delete')
    return recurringReply(
      (await subscriptions.findOneAndUpdate(
        { _id: record._id },
        { $unset: { card: '' }, $set: { updated_at: now.toISOString() } },
      )) ?? record,
    );
  if (!input.cardId) throw subscriptionErrors.cardRequired();
  const card = await requireCard(store, deps.provider, record.user_id, input.cardId);
  const updated = await subscriptions.findOneAndUpdate(
    { _id: record._id },
    { $set: { card: { card_id: card.cardId, masked: card.maskedNumber }, updated_at: now.toISOString() } },
  );
  return recurringReply(updated ?? record);
}
