import type { DocumentStore, Eventing, Transaction } from '@talkwith/platform';
import { grantPoints, grantTickets } from '../ledger/index.ts';
import { addCalendarMonths } from '../ledger/calendar.ts';
import { releaseSpend } from '../minors/index.ts';
import { recordSubscriptionCharge } from '../purchases/subscription-charges.ts';
import { planOf } from './plans.ts';
import {
  openPeriodCharges,
  openSubscriptions,
  orderIdOf,
  type ChargeInFlight,
  type ChargeReason,
  type SubscriptionRecord,
} from './records.ts';

/** What a new charge is for and with which card. */
export interface ChargeRequest {
  reason: ChargeReason;
  card_id: string;
  card_masked: string;
  idempotency_key?: string;
}

/** The facts every subscription event carries (proto/src/events/billing.ts). */
export function factsOf(record: SubscriptionRecord) {
  return {
    subscription_id: record._id,
    user_id: record.user_id,
    product_code: record.plan_code,
    status: record.status,
    period_start: record.period_start ?? record.created_at,
    period_end: record.period_end ?? record.created_at,
    ...(record.group_id ? { group_id: record.group_id } : {}),
  };
}

function leaseLive(charge: ChargeInFlight, now: Date): boolean {
  return Date.parse(charge.lease_until) > now.getTime();
}

/**
 * Takes the right to talk to the provider about the next period's charge, by
 * a guarded update on what was read (so of two workers or requests, one
 * wins). A charge left by a dead holder (lease over) is taken over as it is:
 * same orderId, searched before anything. Null: someone holds it now.
 */
export async function claimCharge(
  store: DocumentStore,
  record: SubscriptionRecord,
  request: ChargeRequest,
  now: Date,
  leaseMs: number,
): Promise<SubscriptionRecord | null> {
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const updatedAt = now.toISOString();
  if (record.charge) {
    if (leaseLive(record.charge, now)) return null;
    return openSubscriptions(store).findOneAndUpdate(
      { _id: record._id, 'charge.order_id': record.charge.order_id, 'charge.lease_until': record.charge.lease_until },
      { $set: { 'charge.lease_until': leaseUntil, updated_at: updatedAt } },
    );
  }
  const period = record.period + 1;
  const charge: ChargeInFlight = {
    period,
    attempt: record.failed_attempts,
    order_id: orderIdOf(record._id, period, record.failed_attempts),
    reason: request.reason,
    card_id: request.card_id,
    card_masked: request.card_masked,
    lease_until: leaseUntil,
    ...(request.idempotency_key ? { idempotency_key: request.idempotency_key } : {}),
  };
  // Guarded on the status read too, and never for a deleted account: a user.deleted that ended it after the read wins.
  return openSubscriptions(store).findOneAndUpdate(
    {
      _id: record._id,
      status: record.status,
      period: record.period,
      failed_attempts: record.failed_attempts,
      charge: { $exists: false },
      account_deleted_at: { $exists: false },
    },
    { $set: { charge, updated_at: updatedAt } },
  );
}

function periodAfter(record: SubscriptionRecord, charge: ChargeInFlight, now: Date): { start: Date; end: Date } {
  // Calendar months in Japan time (Jan 31 → Feb 28). Renewals keep the calendar (the next period starts where the last ended); a new start begins now.
  const start = charge.reason === 'renew' && record.period_end ? new Date(record.period_end) : now;
  return { start, end: addCalendarMonths(start, planOf(record.plan_code).period_months) };
}

/**
 * When a capture is booked: the caller's `now` is when it decided to charge (a
 * sweep's start, a request's arrival), and the provider answered seconds later. An account
 * deleted in between must find the charge settled after its deletion (and
 * refund it), so the booking carries the later of the two (a test's simulated
 * `now` is ahead of the clock and stays as it is).
 */
function settlementTimeOf(now: Date): Date {
  return new Date(Math.max(now.getTime(), Date.now()));
}

/**
 * A captured charge, settled in one transaction: the period advances (a
 * guarded update on the period and orderId: settles once), the charge is
 * recorded, the period's tickets and SU0001 points are granted and
 * `subscription.renewed` (and `subscription.started` for a new start) is
 * published. Null: it was settled already (nothing granted twice).
 */
export async function settleCaptured(
  tx: Transaction,
  events: Eventing,
  claimed: SubscriptionRecord,
  decidedAt: Date,
): Promise<SubscriptionRecord | null> {
  const now = settlementTimeOf(decidedAt);
  const charge = claimed.charge as ChargeInFlight;
  const plan = planOf(claimed.plan_code);
  const { start, end } = periodAfter(claimed, charge, now);
  const starts = charge.reason !== 'renew';
  const settled = await openSubscriptions(tx).findOneAndUpdate(
    { _id: claimed._id, period: charge.period - 1, 'charge.order_id': charge.order_id },
    {
      $set: {
        period: charge.period,
        period_start: start.toISOString(),
        period_end: end.toISOString(),
        failed_attempts: 0,
        updated_at: now.toISOString(),
        ...(starts ? { status: 'active' } : {}),
        // The card charged becomes the recurring card (a new card whose id the provider did not tell keeps the one before).
        ...(charge.card_id ? { card: { card_id: charge.card_id, masked: charge.card_masked } } : {}),
      },
      $unset: {
        charge: '',
        retry_at: '',
        ...(starts ? { canceled_at: '', cancel_reason: '', finished_reason: '' } : {}),
      },
    },
  );
  if (!settled) return null;
  await openPeriodCharges(tx).insertOne({
    _id: charge.order_id,
    subscription_id: settled._id,
    user_id: settled.user_id,
    period: charge.period,
    amount: plan.amount,
    reason: charge.reason,
    settled_at: now.toISOString(),
    ...(charge.idempotency_key ? { idempotency_key: charge.idempotency_key } : {}),
  });
  await recordSubscriptionCharge(tx, {
    order_id: charge.order_id,
    user_id: settled.user_id,
    plan_code: plan.plan_code,
    name: plan.name,
    amount: plan.amount,
    tickets: plan.tickets,
    points: plan.points,
    at: now.toISOString(),
    ...(charge.card_masked ? { card_masked: charge.card_masked } : {}),
  });
  await grantTickets(tx, events, {
    user_id: settled.user_id,
    count: plan.tickets,
    source: 'subscription',
    ref: charge.order_id,
    now,
  });
  await grantPoints(tx, events, {
    user_id: settled.user_id,
    points: plan.points,
    code: 'SU0001',
    ref: charge.order_id,
    now,
  });
  await events.publish(
    'subscription.renewed',
    settled._id,
    { ...factsOf(settled), period: charge.period, amount: plan.amount, order_id: charge.order_id },
    tx,
  );
  if (starts)
    await events.publish(
      'subscription.started',
      settled._id,
      { ...factsOf(settled), event: charge.reason, order_id: charge.order_id },
      tx,
    );
  return settled;
}

/**
 * A declined charge: its orderId is spent, so the attempt count moves on (the
 * next try has its own orderId). A renewal waits `retryWaits[n]` before try
 * n+1 and, when they are used up, finishes with reason payment_failed.
 */
/** Why a renewal was not paid: the card declined it, or (a minor) the month's cap stopped it before the card was asked. */
export type DeclineCause = 'declined' | 'spending_cap';

export async function settleDeclined(
  tx: Transaction,
  events: Eventing,
  claimed: SubscriptionRecord,
  now: Date,
  retryWaits: number[],
  cause: DeclineCause = 'declined',
): Promise<SubscriptionRecord | null> {
  const charge = claimed.charge as ChargeInFlight;
  const failures = claimed.failed_attempts + 1;
  const filter = { _id: claimed._id, 'charge.order_id': charge.order_id };
  // Not charged: a minor's reservation on the month's cap is given back (by the settler that finds the charge still open; releaseSpend gives once).
  if (await openSubscriptions(tx).findOne(filter, { projection: { _id: 1 } })) await releaseSpend(tx, charge.order_id);
  const base = { failed_attempts: failures, updated_at: now.toISOString() };
  if (charge.reason !== 'renew')
    return openSubscriptions(tx).findOneAndUpdate(filter, { $set: base, $unset: { charge: '' } });
  const wait = retryWaits[failures - 1];
  if (wait !== undefined) {
    const retryAt = new Date(now.getTime() + wait).toISOString();
    const waiting = await openSubscriptions(tx).findOneAndUpdate(filter, {
      $set: { ...base, retry_at: retryAt },
      $unset: { charge: '' },
    });
    if (waiting) await announceRenewalFailed(tx, events, waiting, charge, cause, retryAt);
    return waiting;
  }
  const finished = await openSubscriptions(tx).findOneAndUpdate(filter, {
    $set: { ...base, status: 'inactive', finished_reason: 'payment_failed' },
    $unset: { charge: '', retry_at: '' },
  });
  if (finished) {
    await announceRenewalFailed(tx, events, finished, charge, cause);
    await events.publish('subscription.finished', finished._id, { ...factsOf(finished), reason: 'payment_failed' }, tx);
  }
  return finished;
}

/** A declined renewal, told to the subscriber (mail: src/mails; notification: engagement) in the transaction that records it. */
async function announceRenewalFailed(
  tx: Transaction,
  events: Eventing,
  record: SubscriptionRecord,
  charge: ChargeInFlight,
  cause: DeclineCause,
  retryAt?: string,
): Promise<void> {
  await events.publish(
    'subscription.renewal_failed',
    record._id,
    {
      ...factsOf(record),
      period: charge.period,
      attempt: record.failed_attempts,
      amount: planOf(record.plan_code).amount,
      cause,
      ...(retryAt ? { retry_at: retryAt } : {}),
      ...(charge.card_masked ? { card_masked: charge.card_masked } : {}),
    },
    tx,
  );
}

/** A cancelled subscription whose paid period is over becomes inactive (finish, reason canceled). */
export async function finishCanceled(
  tx: Transaction,
  events: Eventing,
  id: string,
  now: Date,
): Promise<SubscriptionRecord | null> {
  const finished = await openSubscriptions(tx).findOneAndUpdate(
    { _id: id, status: 'canceled', period_end: { $lte: now.toISOString() }, charge: { $exists: false } },
    {
      $set: { status: 'inactive', finished_reason: 'canceled', updated_at: now.toISOString() },
      $unset: { retry_at: '' },
    },
  );
  if (finished)
    await events.publish('subscription.finished', finished._id, { ...factsOf(finished), reason: 'canceled' }, tx);
  return finished;
}
