import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { CampaignGrant } from '@talkwith/proto/engagement';

/** A campaign (collection `campaigns`): open while `active` and now is in [starts_at, ends_at). */
export interface CampaignDoc {
  _id: string;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  grant: CampaignGrant;
  active: boolean;
  /** Entries so far: raised in the transaction that inserts each entry. */
  entries: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

/**
 * One user's entry (collection `campaign_entries`). Its `_id` is
 * `${campaign_id}:${user_id}`, so the store's unique `_id` is what makes an
 * entry once per user: of two concurrent inserts one fails. Entries stay when
 * the account is deleted (no `user.deleted` consumer): nothing reads them for
 * that user any more, and keeping them keeps the campaign's entry count and
 * the once-per-user record true.
 */
export interface EntryDoc {
  _id: string;
  campaign_id: string;
  user_id: string;
  grant: CampaignGrant;
  entered_at: string;
  [key: string]: unknown;
}

export const entryIdOf = (campaignId: string, userId: string) => `${campaignId}:${userId}`;

type Store = DocumentStore | Transaction;
export const openCampaigns = (store: Store): Collection<CampaignDoc> => store.collection<CampaignDoc>('campaigns');
export const openEntries = (store: Store): Collection<EntryDoc> => store.collection<EntryDoc>('campaign_entries');

export async function ensureCampaignIndexes(store: DocumentStore): Promise<void> {
  await openCampaigns(store).createIndex({ created_at: -1 });
  await openCampaigns(store).createIndex({ active: 1, ends_at: 1 });
  await openEntries(store).createIndex({ user_id: 1 });
}

/** Open for entries at `now`. ISO strings of one format (toISOString) compare as times. */
export function isOpen(campaign: Pick<CampaignDoc, 'active' | 'starts_at' | 'ends_at'>, now: Date): boolean {
  const at = now.toISOString();
  return campaign.active && campaign.starts_at <= at && at < campaign.ends_at;
}
