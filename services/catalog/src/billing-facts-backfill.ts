import type { DocumentStore, Eventing } from '@talkwith/platform';
import { announceInPages } from '@talkwith/platform/eventing';
import { catalogFacts } from './facts-announce.ts';

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
 * In pages (facts-announce.ts), then the mark: a crash in between
 * announces again on the next start, which changes nothing downstream. Null: done before.
 */
export async function announceBillingFactsOnce(store: DocumentStore, events: Eventing): Promise<BackfillResult | null> {
  const marks = store.collection<AnnouncementMark>('catalog_announcements');
  if (await marks.findOne({ _id: BILLING_FACTS_MARK })) return null;
  const announced = await announceInPages(store, events, catalogFacts);
  await marks.updateOne({ _id: BILLING_FACTS_MARK }, { $set: { done_at: new Date().toISOString() } }, { upsert: true });
  return { groups: announced.groups ?? 0, characters: announced.published ?? 0 };
}
