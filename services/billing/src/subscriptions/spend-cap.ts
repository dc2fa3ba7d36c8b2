import type { BillingDeps } from '../deps.ts';
import { reserveSpend } from '../minors/index.ts';
import { planOf } from './plans.ts';
import type { ChargeInFlight, SubscriptionRecord } from './records.ts';

/**
 * A minor's period charge is reserved on the month's spending cap by the
 * charge's holder, after the claim and before the provider hears of the
 * orderId (minors/cap.ts): refused, it throws 403 SPENDING_CAP and the
 * caller drops the claim (subscribe) or books a declined attempt (renewal).
 * `force`: a charge taken over from a holder that died may have been made
 * already; it is counted, never refused.
 */
export async function reservePeriodSpend(
  deps: BillingDeps,
  claimed: SubscriptionRecord,
  now: Date,
  force = false,
): Promise<void> {
  const charge = claimed.charge as ChargeInFlight;
  await deps.platform.store.withTransaction((tx) =>
    reserveSpend(tx, deps.config, {
      userId: claimed.user_id,
      ref: charge.order_id,
      amount: planOf(claimed.plan_code).amount,
      now,
      what: 'お支払い',
      force,
    }),
  );
}
