import { type Eventing, type Transaction } from '@talkwith/platform';
import type {
  AdminSubscriptionView,
  InsertSubscriptionBody,
  SubscriptionReply,
  UpdateSubscriptionBody,
} from '@talkwith/proto/billing';
import { requireLiveAccount } from '../accounts/index.ts';
import { factsOfChoice, recordCancellation } from '../cancel-reasons/index.ts';
import type { BillingDeps } from '../deps.ts';
import { idempotent, type Answer, type IdempotentCall } from '../idempotency.ts';
import { insertForAdmin } from './admin.ts';
import { factsOf } from './periods.ts';
import { openSubscriptions, viewOf, type SubscriptionRecord } from './records.ts';
import { checkGroup } from './subscribe.ts';
import { effectiveStatus, requireTransition, type SubscriptionEvent } from './state.ts';
import { subscriptionErrors } from '../errors.ts';

/** What operators see: the subscriber's view, the note, and while cancelled why. */
export function adminViewOf(record: SubscriptionRecord): AdminSubscriptionView {
  const reason =
    record.canceled_at && (record.cancel_reason_id || record.cancel_reason)
      ? {
          cancel_reason: {
            ...(record.cancel_reason_id ? { reason_id: record.cancel_reason_id } : {}),
            ...(record.cancel_reason_label ? { label: record.cancel_reason_label } : {}),
            ...(record.cancel_reason ? { text: record.cancel_reason } : {}),
          },
        }
      : {};
  return {
    ...viewOf(record),
    ...(record.note ? { note: record.note } : {}),
    ...reason,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export async function subscriptionsForAdmin(deps: BillingDeps, userId: string): Promise<AdminSubscriptionView[]> {
  return (await openSubscriptions(deps.platform.store).find({ user_id: userId }, { sort: { created_at: 1 } })).map(
    adminViewOf,
  );
}

/**
 * subscriptions/create: an operator records a subscription (a comp plan, a
 * contract paid elsewhere) for a live account: no charge, no grant, usable
 * until `period_end`; audited in its transaction (user_subscriptions/insert's rules).
 */
export async function createForAdmin(
  deps: BillingDeps,
  adminId: string,
  input: InsertSubscriptionBody,
  call: IdempotentCall,
  now: Date,
): Promise<Answer<SubscriptionReply>> {
  await requireLiveAccount(deps.platform.store, input.user_id);
  return insertForAdmin(deps, adminId, input, call, now, 'subscription.created');
}

/** The state machine's event for an operator's status change; refused when it would charge (operators never charge). */
function statusEvent(
  from: ReturnType<typeof effectiveStatus>,
  to: UpdateSubscriptionBody['status'],
): SubscriptionEvent | null {
  if (to === undefined || to === from) return null;
  const event: SubscriptionEvent = to === 'canceled' ? 'cancel' : to === 'inactive' ? 'finish' : 'resubscribe';
  const transition = requireTransition(from, event);
  if (transition.charges) {
    throw subscriptionErrors.endedCannotResume(from, event);
  }
  return event;
}

interface Step {
  tx: Transaction;
  events: Eventing;
  record: SubscriptionRecord;
  input: UpdateSubscriptionBody;
  at: string;
}

async function applyStatus(
  { tx, events, record, input, at }: Step,
  event: SubscriptionEvent,
): Promise<SubscriptionRecord> {
  const subscriptions = openSubscriptions(tx);
  if (event === 'cancel') {
    const facts = await factsOfChoice(tx, { by: 'operator', text: input.note });
    const canceled = await subscriptions.findOneAndUpdate(
      { _id: record._id, status: 'active' },
      {
        $set: { status: 'canceled', canceled_at: at, updated_at: at, cancel_reason: input.note },
        $unset: { retry_at: '', cancel_reason_id: '', cancel_reason_label: '' },
      },
    );
    if (!canceled) throw subscriptionErrors.raced();
    await recordCancellation(tx, canceled, facts, at);
    await events.publish('subscription.canceled', canceled._id, { ...factsOf(canceled), ...facts }, tx);
    return canceled;
  }
  if (event === 'finish') {
    const finished = await subscriptions.findOneAndUpdate(
      { _id: record._id, status: record.status },
      {
        $set: { status: 'inactive', finished_reason: 'canceled', period_end: at, updated_at: at },
        $unset: { retry_at: '' },
      },
    );
    if (!finished) throw subscriptionErrors.raced();
    await events.publish('subscription.finished', finished._id, { ...factsOf(finished), reason: 'canceled' }, tx);
    return finished;
  }
  const resumed = await subscriptions.findOneAndUpdate(
    { _id: record._id, status: 'canceled', period_end: { $gt: at } },
    {
      $set: { status: 'active', updated_at: at },
      $unset: { canceled_at: '', cancel_reason: '', cancel_reason_id: '', cancel_reason_label: '' },
    },
  );
  if (!resumed) throw subscriptionErrors.raced();
  await events.publish('subscription.started', resumed._id, { ...factsOf(resumed), event: 'resubscribe' }, tx);
  return resumed;
}

async function applyChange({ tx, events, record, input, at }: Step): Promise<SubscriptionRecord> {
  requireTransition(effectiveStatus(record, new Date(at)), 'change');
  if (input.group_id !== undefined) checkGroup(record.plan_code, input.group_id);
  const changed = await openSubscriptions(tx).findOneAndUpdate(
    { _id: record._id, status: 'active' },
    {
      $set: {
        updated_at: at,
        ...(input.period_end ? { period_end: new Date(input.period_end).toISOString() } : {}),
        ...(input.group_id ? { group_id: input.group_id } : {}),
      },
      $unset: { retry_at: '' },
    },
  );
  if (!changed) throw subscriptionErrors.raced();
  const previous =
    input.group_id && record.group_id && record.group_id !== input.group_id
      ? { previous_group_id: record.group_id }
      : {};
  await events.publish('subscription.changed', changed._id, { ...factsOf(changed), ...previous }, tx);
  return changed;
}

function checkUpdate(input: UpdateSubscriptionBody, now: Date): void {
  if (input.status === undefined && input.period_end === undefined && input.group_id === undefined) {
    throw subscriptionErrors.nothingToChange();
  }
  if (input.period_end !== undefined && Date.parse(input.period_end) <= now.getTime()) {
    throw subscriptionErrors.periodEndPast();
  }
}

/**
 * subscriptions/update: an operator edits a subscription through the state
 * machine (state.ts) without any provider call: the status change first
 * (cancel, resume inside the paid period, finish now), then the period end
 * or group (change, active only). A charge in flight is 409. The writes, the
 * subscription events and `admin.acted` commit together.
 */
export async function updateForAdmin(
  deps: BillingDeps,
  adminId: string,
  input: UpdateSubscriptionBody,
  call: IdempotentCall,
  now: Date,
): Promise<Answer<{ ok: true; subscription: AdminSubscriptionView }>> {
  checkUpdate(input, now);
  const { store, events } = deps.platform;
  return idempotent(store, call, async (tx) => {
    const before = await openSubscriptions(tx).findOne({ _id: input.subscription_id });
    if (!before) throw subscriptionErrors.notFound();
    if (before.charge) throw subscriptionErrors.chargeInProgress();
    const at = now.toISOString();
    const event = statusEvent(effectiveStatus(before, now), input.status);
    let record = event ? await applyStatus({ tx, events, record: before, input, at }, event) : before;
    if (input.period_end !== undefined || input.group_id !== undefined)
      record = await applyChange({ tx, events, record, input, at });
    const noted =
      (await openSubscriptions(tx).findOneAndUpdate({ _id: record._id }, { $set: { note: input.note } })) ?? record;
    await events.publish(
      'admin.acted',
      adminId,
      {
        admin_id: adminId,
        action: 'subscription.updated',
        target_user_id: noted.user_id,
        detail: {
          subscription_id: noted._id,
          from: { status: before.status, period_end: before.period_end, group_id: before.group_id },
          to: { status: noted.status, period_end: noted.period_end, group_id: noted.group_id },
          note: input.note,
        },
      },
      tx,
    );
    return { status: 200, body: { ok: true as const, subscription: adminViewOf(noted) } };
  });
}
