import type { DocumentStore, Transaction } from '../ports/index.ts';
import type { Eventing } from '../service/index.ts';
import { createAccessChecker, type AccessChecker } from './access.ts';
import { entitlementCollections } from './model.ts';
import { applyEntitlementEvent, ENTITLEMENT_EVENTS } from './projection.ts';

export { ENTITLEMENT_EVENTS, applyEntitlementEvent, type EntitlementEvent } from './projection.ts';
export { entitlementCollections, ownedKey, type EntitlementCollections, type OwnedDoc, type PlanDoc } from './model.ts';
export {
  createAccessChecker,
  subscribedTo,
  type Access,
  type AccessCaller,
  type AccessCharacter,
  type AccessChecker,
  type AccessQuery,
} from './access.ts';

export interface Entitlements extends AccessChecker {
  /** Indexes of the projection (call once, at ready). */
  ensureIndexes(store: DocumentStore): Promise<void>;
  /** Starts consumer group `<service>-entitlements`, then asks billing to announce its entitlement facts (facts.requested). */
  consume(events: Eventing): Promise<{ close(): Promise<void> }>;
  /** The handler, for tests that feed events by hand. */
  apply(tx: Transaction, event: Parameters<typeof applyEntitlementEvent>[2]): Promise<void>;
}

/**
 * Who may play which character (contract D2), for a mounting service: its
 * projection (in its own store, named after it) and the check. `secret` is
 * JWT_SECRET (ticket-use proofs derive their key from it).
 */
export function createEntitlements(options: { service: string; secret: string }): Entitlements {
  const c = entitlementCollections(options.service);
  const checker = createAccessChecker(c, options.secret);
  return {
    ...checker,
    async ensureIndexes(store) {
      await c.owned(store).createIndex({ user_id: 1 });
      await c.plans(store).createIndex({ user_id: 1, group_id: 1 });
    },
    async consume(events) {
      const consumer = await events.consume(`${options.service}-entitlements`, ENTITLEMENT_EVENTS, (event, tx) =>
        applyEntitlementEvent(c, tx, event),
      );
      // After subscribing, so the answer reaches the group: billing announces every character purchase and subscription
      // again, which rebuilds the projection when the bus no longer holds their history (a Redis restarted empty, a trimmed stream).
      await events.publish('facts.requested', 'billing', { owner: 'billing', by: options.service });
      return consumer;
    },
    apply: (tx, event) => applyEntitlementEvent(c, tx, event),
  };
}
