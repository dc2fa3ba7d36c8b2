import type { EventOf } from '@talkwith/proto';
import type { Transaction } from '../ports/index.ts';
import { isNotOlder } from '../eventing/facts-order.ts';
import { asOf, ownedKey, type EntitlementCollections } from './model.ts';

/**
 * Billing's entitlement facts as they are now (billing answering
 * `facts.requested`): they rebuild an empty or lagging projection. Each one
 * is applied only when what is kept is not newer (`as_of_seq`, else `as_of`), so an
 * announcement read before a later purchase, cancellation or renewal never
 * undoes it. A purchase cancelled is taken back only if it is the one kept.
 */
export async function applyAnnouncement(
  c: EntitlementCollections,
  tx: Transaction,
  event: EventOf<'purchase.announced' | 'subscription.announced'>,
): Promise<void> {
  if (event.type === 'subscription.announced') {
    const { subscription_id, user_id, group_id, status, period_end } = event.data;
    const kept = await c.plans(tx).findOne({ _id: subscription_id }, { projection: { as_of: 1, as_of_seq: 1 } });
    if (!isNotOlder(event, kept && { at: kept.as_of, seq: kept.as_of_seq })) return;
    await c
      .plans(tx)
      .updateOne(
        { _id: subscription_id },
        { $set: { user_id, group_id: group_id ?? null, status, period_end, ...asOf(event) } },
        { upsert: true },
      );
    return;
  }
  const { purchase_id, user_id, character_id, status, at } = event.data;
  const _id = ownedKey(user_id, character_id);
  const kept = await c.owned(tx).findOne({ _id }, { projection: { as_of: 1, as_of_seq: 1, purchase_id: 1 } });
  if (!isNotOlder(event, kept && { at: kept.as_of, seq: kept.as_of_seq })) return;
  if (status === 'canceled') {
    if (kept?.purchase_id === purchase_id) await c.owned(tx).deleteOne({ _id });
    return;
  }
  await c
    .owned(tx)
    .updateOne({ _id }, { $set: { user_id, character_id, purchase_id, at, ...asOf(event) } }, { upsert: true });
}
