import type { Eventing, Transaction } from '@talkwith/platform';
import { factsOf } from './periods.ts';
import { openPeriodCharges, openSubscriptions, type ChargeInFlight } from './records.ts';

/** A charge that was in flight when the account was deleted: its holder may still reach the provider, so it is searched (and refunded if captured) after its lease. */
export interface DetachedCharge {
  order_id: string;
  subscription_id: string;
  lease_until: string;
}

/**
 * user.deleted, in the consumer's transaction: every subscription of the
 * account ends now. An active or cancelled one becomes inactive with reason
 * `account_deleted` and its paid period ends at once (`period_end` = the
 * deletion; nothing is refunded for the rest of it, nothing more is charged),
 * announced as `subscription.finished`. Every record is marked
 * `account_deleted_at`, which `claimCharge` refuses, so no renewal or
 * subscribe claims a charge afterwards. A charge in flight is taken off the
 * record (its holder's settlement then matches nothing and grants nothing)
 * and returned, for the erasure job to search and refund, with any period
 * charge settled at or after the deletion's time.
 */
export async function endSubscriptionsOf(
  tx: Transaction,
  events: Eventing,
  userId: string,
  at: string,
): Promise<DetachedCharge[]> {
  const subscriptions = openSubscriptions(tx);
  const detached: DetachedCharge[] = [];
  for (const record of await subscriptions.find({ user_id: userId, account_deleted_at: { $exists: false } })) {
    const ends = record.status !== 'inactive';
    const periodEnd = ends && record.period_end && record.period_end > at ? at : record.period_end;
    const ended = await subscriptions.findOneAndUpdate(
      { _id: record._id, account_deleted_at: { $exists: false } },
      {
        $set: {
          account_deleted_at: at,
          updated_at: at,
          ...(ends
            ? {
                status: 'inactive',
                finished_reason: 'account_deleted',
                ...(periodEnd ? { period_end: periodEnd } : {}),
              }
            : {}),
        },
        $unset: { charge: '', retry_at: '', card_change: '' },
      },
    );
    if (!ended) continue;
    const charge = record.charge as ChargeInFlight | undefined;
    if (charge)
      detached.push({ order_id: charge.order_id, subscription_id: record._id, lease_until: charge.lease_until });
    if (ends)
      await events.publish('subscription.finished', ended._id, { ...factsOf(ended), reason: 'account_deleted' }, tx);
  }
  // A renewal that claimed before this consumer ran may have settled after the deletion (identity had answered already): refunded too.
  for (const late of await openPeriodCharges(tx).find({ user_id: userId, settled_at: { $gte: at } })) {
    detached.push({ order_id: late._id, subscription_id: late.subscription_id, lease_until: late.settled_at });
  }
  return detached;
}
