import type { Eventing, Transaction } from '@talkwith/platform';
import { pageQuery, sectionOver, type FactsOwner } from '@talkwith/platform/eventing';
import { openAccounts } from '../accounts/model.ts';
import { factsOf } from '../subscriptions/periods.ts';
import { openSubscriptions, type SubscriptionRecord } from '../subscriptions/records.ts';
import { openPurchases, type PurchaseDoc } from './records.ts';

/**
 * Billing's entitlement facts, announced again on request (platform
 * eventing's facts-requests): catalog and dialogue keep a projection of who
 * may play which character (platform entitlements) from billing's purchase
 * and subscription events. Each character purchase that was captured or
 * cancelled goes out as `purchase.announced` (keyed by the user, like
 * `purchase.completed`), each subscription as `subscription.announced`
 * (keyed by the subscription, like its events), 500 a transaction. Purchases
 * of deleted accounts stay here for accounting but are not announced: the
 * projections forgot them on `user.deleted`.
 */

const SETTLED_CHARACTERS = {
  kind: 'character',
  status: { $in: ['captured', 'canceled'] },
  character_id: { $exists: true },
};

async function announcePurchases(tx: Transaction, events: Eventing, purchases: PurchaseDoc[]): Promise<void> {
  const userIds = [...new Set(purchases.map((p) => p.user_id))];
  const deleted = new Set(
    (await openAccounts(tx).find({ _id: { $in: userIds }, deleted_at: { $ne: null } }, { projection: { _id: 1 } })).map(
      (a) => a._id,
    ),
  );
  const items = purchases
    .filter((p) => p.character_id && !deleted.has(p.user_id))
    .map((p) => ({
      key: p.user_id,
      data: {
        purchase_id: p._id,
        user_id: p.user_id,
        character_id: p.character_id!,
        status: p.status === 'captured' ? ('captured' as const) : ('canceled' as const),
        at: p.settled_at ?? p.updated_at,
      },
    }));
  if (items.length > 0) await events.publishMany('purchase.announced', items, tx);
}

export const characterPurchasesSection = sectionOver<PurchaseDoc>(
  'character purchases',
  (tx, after, limit) => {
    const q = pageQuery(SETTLED_CHARACTERS, after, limit);
    return openPurchases(tx).find(q.filter, q.options);
  },
  announcePurchases,
);

export const subscriptionsSection = sectionOver<SubscriptionRecord>(
  'subscriptions',
  (tx, after, limit) => {
    const q = pageQuery({}, after, limit);
    return openSubscriptions(tx).find(q.filter, q.options);
  },
  async (tx, events, records) => {
    for (const record of records) await events.publish('subscription.announced', record._id, factsOf(record), tx);
  },
);

export const billingFacts: FactsOwner = {
  owner: 'billing',
  sections: [characterPurchasesSection, subscriptionsSection],
};
