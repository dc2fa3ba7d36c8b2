import type { EventOf } from '@talkwith/proto';
import type { Transaction } from '../ports/index.ts';
import { applyAnnouncement } from './announcements.ts';
import { asOf, ownedKey, type EntitlementCollections } from './model.ts';

/** What feeds the projection: billing's purchases and subscriptions (and their announcements), identity's deletions. */
export const ENTITLEMENT_EVENTS = [
  'purchase.completed',
  'purchase.canceled',
  'subscription.started',
  'subscription.renewed',
  'subscription.changed',
  'subscription.canceled',
  'subscription.finished',
  'purchase.announced',
  'subscription.announced',
  'user.deleted',
] as const;
export type EntitlementEvent = EventOf<(typeof ENTITLEMENT_EVENTS)[number]>;

/**
 * One event, in the consumer's transaction (each event id once). Subscription
 * events are keyed by the subscription, so they arrive in order: the last one
 * says its state. `subscription.finished` leaves it inactive. Every write
 * keeps `as_of` (when billing published what it applies) and `as_of_seq`
 * (billing's write number for the event's key), so an announcement (billing
 * answering facts.requested, announce.ts) older than what is kept never
 * overwrites it.
 */
export async function applyEntitlementEvent(
  c: EntitlementCollections,
  tx: Transaction,
  event: EntitlementEvent,
): Promise<void> {
  switch (event.type) {
    case 'purchase.completed': {
      const { kind, character_id, user_id, purchase_id, completed_at } = event.data;
      if (kind !== 'character' || !character_id) return;
      await c
        .owned(tx)
        .updateOne(
          { _id: ownedKey(user_id, character_id) },
          { $set: { user_id, character_id, purchase_id, at: completed_at, ...asOf(event) } },
          { upsert: true },
        );
      return;
    }
    case 'purchase.canceled':
      await c.owned(tx).deleteMany({ user_id: event.data.user_id, purchase_id: event.data.purchase_id });
      return;
    case 'subscription.started':
    case 'subscription.renewed':
    case 'subscription.changed':
    case 'subscription.canceled':
    case 'subscription.finished': {
      const { subscription_id, user_id, group_id, period_end } = event.data;
      const status = event.type === 'subscription.finished' ? 'inactive' : event.data.status;
      await c
        .plans(tx)
        .updateOne(
          { _id: subscription_id },
          { $set: { user_id, group_id: group_id ?? null, status, period_end, ...asOf(event) } },
          { upsert: true },
        );
      return;
    }
    case 'purchase.announced':
    case 'subscription.announced':
      await applyAnnouncement(c, tx, event);
      return;
    case 'user.deleted':
      await c.owned(tx).deleteMany({ user_id: event.data.user_id });
      await c.plans(tx).deleteMany({ user_id: event.data.user_id });
  }
}
