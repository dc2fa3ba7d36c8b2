import type { DocumentStore, Eventing } from '@talkwith/platform';
import { openCharacters } from './characters.ts';
import { openGroups } from './model.ts';
import { publishedFactsOf } from './published-event.ts';
import { announceGroups } from './taxonomy/group-facts.ts';

/** Bumped when billing needs the facts announced again (a new field it reads). */
export const BILLING_FACTS_MARK = 'billing-facts-v1';

interface AnnouncementMark {
  _id: string;
  done_at: string;
  [key: string]: unknown;
}

export interface BackfillResult {
  groups: number;
  characters: number;
}

/**
 * Groups and published characters stored before catalog announced what
 * billing needs of them (`group.saved`, the priced `actions` of
 * `character.published`) are announced once, at start-up: every group, and
 * every published character's snapshot again under its own version (dialogue
 * and billing's products keep it as it is; billing learns its action prices).
 * Each in its own transaction, then the mark: a crash in between announces
 * again on the next start, which changes nothing downstream. Null: done before.
 */
export async function announceBillingFactsOnce(store: DocumentStore, events: Eventing): Promise<BackfillResult | null> {
  const marks = store.collection<AnnouncementMark>('catalog_announcements');
  if (await marks.findOne({ _id: BILLING_FACTS_MARK })) return null;
  const groups = await openGroups(store).find({}, { projection: { _id: 1 } });
  for (const { _id } of groups) await store.withTransaction((tx) => announceGroups(tx, events, [_id]));
  const published = await openCharacters(store).find({ published_at: { $ne: null }, dialogue: { $exists: true } }, { projection: { _id: 1 } });
  let characters = 0;
  for (const { _id } of published) {
    const announced = await store.withTransaction(async (tx) => {
      const character = await openCharacters(tx).findOne({ _id, published_at: { $ne: null } });
      if (!character?.dialogue || !character.published_at) return false;
      await events.publish('character.published', _id, publishedFactsOf(character, character.dialogue, { at: character.published_at, version: character.published_version ?? 1 }), tx);
      return true;
    });
    if (announced) characters += 1;
  }
  await marks.updateOne({ _id: BILLING_FACTS_MARK }, { $set: { done_at: new Date().toISOString() } }, { upsert: true });
  return { groups: groups.length, characters };
}
