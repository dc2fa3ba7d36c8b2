/** Helpers of the subscriptions area's tests: a subscriber with a card, time moved past a period end, charges counted at the sandbox. */
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { countSandboxCharges, sandboxChargesByOrder } from '../provider/index.ts';
import { buyer, cardToken, type Billing, type Buyer, type CARDS } from '../purchases/test-support.ts';
import { openSubscriptions, orderIdOf, type SubscriptionRecord } from './records.ts';

export const SUBSCRIBE = '/api/payment/subscription/subscribe';

export interface Subscriber extends Buyer {
  subscriptionId: string;
}

/** A new user subscribed to PROD001 with a success card (first period charged). */
export async function subscribed(billing: Billing, card: keyof typeof CARDS = 'success'): Promise<Subscriber> {
  const me = buyer(billing);
  const res = await me.post(SUBSCRIBE, { plan_code: 'PROD001', token: await cardToken(billing, card) });
  if (res.statusCode !== 200) throw new Error(`subscribe answered ${res.statusCode}: ${res.body}`);
  return { ...me, subscriptionId: res.json().subscription.subscription_id };
}

export async function recordOf(billing: Billing, subscriptionId: string): Promise<SubscriptionRecord> {
  const record = await openSubscriptions(billing.svc.platform.store).findOne({ _id: subscriptionId });
  if (!record) throw new Error(`no subscription ${subscriptionId}`);
  return record;
}

/** A moment `ms` after the subscription's current period ends. */
export async function afterPeriodEnd(billing: Billing, subscriptionId: string, ms = 1000): Promise<Date> {
  return new Date(Date.parse((await recordOf(billing, subscriptionId)).period_end ?? '') + ms);
}

/** Charges the sandbox took for this period's first-attempt orderId. */
export function chargesOfPeriod(
  billing: Billing,
  subscriptionId: string,
  period: number,
  attempt = 0,
): Promise<number> {
  return countSandboxCharges(billing.svc.platform.store, orderIdOf(subscriptionId, period, attempt));
}

/** Every charge the sandbox took for this subscription, whatever the period or attempt. */
export async function chargesOfSubscription(billing: Billing, subscriptionId: string): Promise<number> {
  const byOrder = await sandboxChargesByOrder(billing.svc.platform.store);
  return [...byOrder]
    .filter(([orderId]) => orderId.startsWith(`sub-${subscriptionId}-`))
    .reduce((sum, [, count]) => sum + count, 0);
}

export async function eventsOf(billing: Billing, subscriptionId: string, type: string) {
  return (await billing.svc.platform.store.collection<OutboxEntry>(OUTBOX).find({ key: subscriptionId, type })).map(
    (entry) => entry.envelope,
  );
}
