import type { EventEnvelope } from '@talkwith/proto';
import type { Collection, DocumentStore, Transaction } from '../ports/index.ts';
import { keySeqAs } from '../eventing/facts-order.ts';

/**
 * The entitlement projection one mounting service keeps in its own store
 * (contract D2), from billing's and identity's events. Its collections are
 * named after the service, so two services sharing one store (standalone)
 * never write each other's projection.
 */

/** A character bought (`purchase.completed` kind character) and not cancelled since. `_id` = user + character. */
export interface OwnedDoc {
  _id: string;
  user_id: string;
  character_id: string;
  purchase_id: string;
  at: string;
  /** When billing published the event or announcement written last (absent on rows from before): an older announcement never overwrites it. */
  as_of?: string;
  /** Billing's write number for the event's key (`keySeq`: the user for purchases), when it carried one: compared instead of `as_of`. */
  as_of_seq?: number;
  [key: string]: unknown;
}

/** The latest known state of one subscription (`subscription.*`). `_id` = subscription id. */
export interface PlanDoc {
  _id: string;
  user_id: string;
  group_id: string | null;
  status: 'inactive' | 'active' | 'canceled';
  period_end: string;
  /** As OwnedDoc's (the key of subscription events is the subscription). */
  as_of?: string;
  as_of_seq?: number;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;

/** Where a row stands in billing's writes: the event's time and its key's write number (when it carries one). */
export const asOf = (event: Pick<EventEnvelope, 'occurredAt' | 'keySeq'>) => ({
  as_of: event.occurredAt,
  ...keySeqAs('as_of_seq', event),
});

export interface EntitlementCollections {
  owned(store: Store): Collection<OwnedDoc>;
  plans(store: Store): Collection<PlanDoc>;
}

/** `service` is the mounting service's name (catalog, dialogue): `entitlements_<service>_owned|plans`. */
export function entitlementCollections(service: string): EntitlementCollections {
  if (!/^[a-z][a-z0-9_]*$/.test(service)) throw new Error(`entitlements: bad service name ${service}`);
  return {
    owned: (store) => store.collection<OwnedDoc>(`entitlements_${service}_owned`),
    plans: (store) => store.collection<PlanDoc>(`entitlements_${service}_plans`),
  };
}

// Ids may hold ':' so the parts are encoded: two different pairs never share a key.
export const ownedKey = (userId: string, characterId: string): string =>
  `${encodeURIComponent(userId)}/${encodeURIComponent(characterId)}`;
