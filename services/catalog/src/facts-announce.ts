import type { DocumentStore, Eventing } from '@talkwith/platform';
import {
  consumeFactsRequests as consumeCatalogFactsRequests,
  pageQuery,
  sectionOver,
  type FactsOwner,
} from '@talkwith/platform/eventing';
import { openCharacters, type Character } from './characters.ts';
import { openGroups } from './model.ts';
import { publishedFactsOf } from './published-event.ts';
import { announceGroups } from './taxonomy/group-facts.ts';

/**
 * Catalog's facts, announced again on request. Dialogue (search, recognition),
 * billing (products, action prices, group plans) and engagement (serial
 * checks) keep projections of them. A new consumer group reads the bus's
 * retained history, but what the bus no longer retains (or lost) and a
 * projection that was wiped are rebuilt this way: each of those services
 * publishes `facts.requested` on start, and catalog answers by announcing
 * every group and character as it is now.
 *
 * Why a re-announce and not a snapshot call: services talk only over the
 * bus (no service knows another's address), the request waits on the bus
 * until catalog runs (any start order), and the consumers already apply
 * these events idempotently (upserts guarded by version or time).
 */

export const FACTS_OWNER = 'catalog';

const PUBLISHED = { published_at: { $ne: null }, dialogue: { $exists: true } };
const TAKEN_OUT = { published_at: null, published_version: { $exists: true } };

/**
 * Every group (`group.saved` / `group.deleted`), every published character's
 * snapshot under its own version (`character.published`) and every character
 * taken out after a publish (`character.unpublished`), in pages (platform
 * facts-requests).
 */
export const catalogFacts: FactsOwner = {
  owner: FACTS_OWNER,
  sections: [
    sectionOver<{ _id: string }>(
      'groups',
      (tx, after, limit) => {
        const q = pageQuery({}, after, limit);
        return openGroups(tx).find(q.filter, { ...q.options, projection: { _id: 1 } });
      },
      (tx, events, groups) =>
        announceGroups(
          tx,
          events,
          groups.map((g) => g._id),
        ),
    ),
    sectionOver<Character>(
      'published',
      (tx, after, limit) => {
        const q = pageQuery(PUBLISHED, after, limit);
        return openCharacters(tx).find(q.filter, q.options);
      },
      async (tx, events, characters) => {
        for (const c of characters) {
          if (!c.dialogue || !c.published_at) continue;
          await events.publish(
            'character.published',
            c._id,
            publishedFactsOf(c, c.dialogue, { at: c.published_at, version: c.published_version ?? 1 }),
            tx,
          );
        }
      },
    ),
    sectionOver<{ _id: string }>(
      'unpublished',
      (tx, after, limit) => {
        const q = pageQuery(TAKEN_OUT, after, limit);
        return openCharacters(tx).find(q.filter, { ...q.options, projection: { _id: 1 } });
      },
      async (tx, events, characters) => {
        for (const { _id } of characters) await events.publish('character.unpublished', _id, { character_id: _id }, tx);
      },
    ),
  ],
};

/** Consumer group `catalog-facts-requests` (the platform's facts-requests mechanism, answered with catalogFacts). */
export function consumeFactsRequests(store: DocumentStore, events: Eventing) {
  return consumeCatalogFactsRequests(store, events, catalogFacts);
}
