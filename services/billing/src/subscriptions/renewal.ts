import { AppError } from '@talkwith/platform';
import type { BillingConfig } from '../config.ts';
import type { BillingDeps } from '../deps.ts';
import { chargeOnce, type ChargeOutcome } from './charge.ts';
import { claimCharge, finishCanceled, settleCaptured, settleDeclined } from './periods.ts';
import { planOf } from './plans.ts';
import { openSubscriptions, type ChargeInFlight, type SubscriptionRecord } from './records.ts';
import { withKeptCard } from './saved-card.ts';
import { reservePeriodSpend } from './spend-cap.ts';

export const RENEW_JOB = 'billing.renew';
/** Subscriptions handled side by side in one sweep (each waits on the provider). */
const SWEEP_CONCURRENCY = 4;
const SWEEP_BATCH = 2000;

export type RenewalResult = 'renewed' | 'declined' | 'finished' | 'unknown' | 'busy' | 'skipped';

export function retryWaitsOf(config: BillingConfig): number[] {
  return config.RENEW_RETRY_MS.split(',').map(Number);
}

/** How long a charge's holder owns it: a search and an authorisation, each bounded by the provider time limit, and a margin. */
export function leaseMsOf(config: BillingConfig): number {
  return config.PAYMENT_TIMEOUT_MS * 2 + 1000;
}

/** How long a shopper may take on a subscription charge's 3-D Secure page before the sweep searches it and settles or fails it (as purchases). */
export const CHALLENGE_LEASE_MS = 30 * 60_000;

/**
 * Asks the provider about a claimed charge and settles what it says. Safe to
 * repeat after a crash at any point: the charge searches its orderId first,
 * and each settlement is a guarded update that happens once.
 */
export async function completeCharge(
  deps: BillingDeps,
  claimed: SubscriptionRecord,
  now: Date,
): Promise<{ outcome: ChargeOutcome; record: SubscriptionRecord | null }> {
  const charge = claimed.charge as ChargeInFlight;
  const outcome = await chargeOnce(deps.provider, {
    orderId: charge.order_id,
    amount: planOf(claimed.plan_code).amount,
    accountId: claimed.account_id,
    cardId: charge.card_id,
  });
  const { store, events } = deps.platform;
  if (outcome.kind === 'captured') {
    const withCard = await withKeptCard(deps, claimed, outcome.savedCard);
    return { outcome, record: await store.withTransaction((tx) => settleCaptured(tx, events, withCard, now)) };
  }
  if (outcome.kind === 'declined')
    return {
      outcome,
      record: await store.withTransaction((tx) => settleDeclined(tx, events, claimed, now, retryWaitsOf(deps.config))),
    };
  return { outcome, record: null };
}

function resultOf(outcome: ChargeOutcome, record: SubscriptionRecord | null): RenewalResult {
  if (outcome.kind === 'captured') return 'renewed';
  if (outcome.kind === 'unknown' || outcome.kind === 'challenge') return 'unknown';
  return record?.status === 'inactive' ? 'finished' : 'declined';
}

function renewalIsDue(record: SubscriptionRecord, now: Date): boolean {
  if (record.status !== 'active' || !record.period_end || Date.parse(record.period_end) > now.getTime()) return false;
  return !record.retry_at || Date.parse(record.retry_at) <= now.getTime();
}

/** One subscription: finish a cancelled one whose period is over, settle a charge left by a dead holder, or charge the next period. */
export async function renewOne(deps: BillingDeps, subscriptionId: string, now: Date): Promise<RenewalResult> {
  const { store, events } = deps.platform;
  const record = await openSubscriptions(store).findOne({ _id: subscriptionId });
  if (!record) return 'skipped';
  if (!record.charge && record.status === 'canceled') {
    return (await store.withTransaction((tx) => finishCanceled(tx, events, record._id, now))) ? 'finished' : 'skipped';
  }
  if (!record.charge && !renewalIsDue(record, now)) return 'skipped';
  // No card on file is a declined attempt: the retries give the subscriber time to add one.
  const card = record.card ?? { card_id: '', masked: '' };
  const claimed = await claimCharge(
    store,
    record,
    { reason: 'renew', card_id: card.card_id, card_masked: card.masked },
    now,
    leaseMsOf(deps.config),
  );
  if (!claimed) return 'busy';
  if (!(await withinSpendCap(deps, claimed, now, Boolean(record.charge)))) return 'declined';
  const { outcome, record: after } = await completeCharge(deps, claimed, now);
  return resultOf(outcome, after);
}

/**
 * A minor's renewal that would pass the month's cap is not charged: it is
 * booked as a declined attempt (the provider never hears of its orderId), so
 * it is tried again on the retry schedule and finishes like any renewal that
 * cannot be paid. A taken-over charge (`takenOver`) may have been made: counted.
 */
async function withinSpendCap(
  deps: BillingDeps,
  claimed: SubscriptionRecord,
  now: Date,
  takenOver: boolean,
): Promise<boolean> {
  try {
    await reservePeriodSpend(deps, claimed, now, takenOver);
    return true;
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'SPENDING_CAP')) throw err;
    await deps.platform.store.withTransaction((tx) =>
      settleDeclined(tx, deps.platform.events, claimed, now, retryWaitsOf(deps.config), 'spending_cap'),
    );
    return false;
  }
}

/** The ids a sweep looks at: active or cancelled past their period end, and charges whose holder's lease ran out. */
async function dueIds(deps: BillingDeps, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const due = await openSubscriptions(deps.platform.store).find(
    {
      $or: [
        { status: { $in: ['active', 'canceled'] }, period_end: { $lte: at } },
        { 'charge.lease_until': { $lte: at } },
      ],
    },
    { projection: { _id: 1 }, sort: { period_end: 1 }, limit: SWEEP_BATCH },
  );
  return due.map((d) => d._id);
}

/** The `billing.renew` job: every due subscription once, a few at a time; returns how each ended. */
export async function renewDue(deps: BillingDeps, now: Date = new Date()): Promise<Record<RenewalResult, number>> {
  const counts: Record<RenewalResult, number> = {
    renewed: 0,
    declined: 0,
    finished: 0,
    unknown: 0,
    busy: 0,
    skipped: 0,
  };
  const queue = await dueIds(deps, now);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        counts[await renewOne(deps, id, now)] += 1;
      } catch (err) {
        deps.platform.logger.error(
          { err, subscription_id: id },
          'subscription renewal failed; the next sweep tries again',
        );
      }
    }
  };
  await Promise.all(Array.from({ length: SWEEP_CONCURRENCY }, worker));
  return counts;
}
