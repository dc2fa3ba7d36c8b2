import type { Eventing, Transaction } from '@talkwith/platform';
import { consumeFactsRequests as consumeCatalogFactsRequests } from '@talkwith/platform/eventing';
import { openCharacters } from './characters.ts';
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

export interface AnnouncedFacts {
  groups: number;
  published: number;
  unpublished: number;
}

/**
 * Every group (`group.saved` / `group.deleted`), every published character's
 * snapshot under its own version (`character.published`) and every character
 * taken out after a publish (`character.unpublished`), in `tx`.
 */
export async function announceCurrentFacts(tx: Transaction, events: Eventing): Promise<AnnouncedFacts> {
  const groups = await openGroups(tx).find({}, { projection: { _id: 1 } });
  await announceGroups(tx, events, groups.map((g) => g._id));
  const characters = openCharacters(tx);
  const published = await characters.find({ published_at: { $ne: null }, dialogue: { $exists: true } });
  for (const c of published) {
    if (!c.dialogue || !c.published_at) continue;
    await events.publish('character.published', c._id, publishedFactsOf(c, c.dialogue, { at: c.published_at, version: c.published_version ?? 1 }), tx);
  }
  const unpublished = await characters.find({ published_at: null, published_version: { $exists: true } }, { projection: { _id: 1 } });
  for (const { _id } of unpublished) await events.publish('character.unpublished', _id, { character_id: _id }, tx);
  return { groups: groups.length, published: published.length, unpublished: unpublished.length };
}

/** Consumer group `catalog-facts-requests` (the platform's facts-requests mechanism, answered with announceCurrentFacts). */
export function consumeFactsRequests(events: Eventing) {
  return consumeCatalogFactsRequests(events, { owner: FACTS_OWNER, announce: announceCurrentFacts });
}
