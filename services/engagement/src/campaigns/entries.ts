import { isAppError } from '@talkwith/platform';
import type { EngagementDeps } from '../deps.ts';
import { entryIdOf, isOpen, openCampaigns, openEntries, type CampaignDoc, type EntryDoc } from './model.ts';
import { campaignErrors } from '../errors.ts';

export const ENTERED_MESSAGE = 'キャンペーンに参加しました。';
/** How many open campaigns a customer is shown at most (there are only ever a few at once). */
const OPEN_LIMIT = 100;

/** The campaigns open now, soonest ending first, each with whether `userId` entered it. */
export async function openCampaignsFor(
  { platform }: EngagementDeps,
  userId: string,
  now = new Date(),
): Promise<Array<{ campaign: CampaignDoc; entered: boolean }>> {
  const at = now.toISOString();
  const campaigns = await openCampaigns(platform.store).find(
    { active: true, starts_at: { $lte: at }, ends_at: { $gt: at } },
    { sort: { ends_at: 1, _id: 1 }, limit: OPEN_LIMIT },
  );
  if (campaigns.length === 0) return [];
  const entries = await openEntries(platform.store).find(
    { _id: { $in: campaigns.map((c) => entryIdOf(c._id, userId)) } },
    { projection: { campaign_id: 1 } },
  );
  const entered = new Set(entries.map((entry) => entry.campaign_id));
  return campaigns.map((campaign) => ({ campaign, entered: entered.has(campaign._id) }));
}

/**
 * Enters `callerId` into a campaign: the entry and `campaign.entered` (billing
 * grants on it) share one transaction. Once per user and campaign: the entry's
 * `_id` is unique, so of concurrent entries by one user exactly one inserts;
 * the others fail on the key (or find the entry) and answer 409.
 */
export async function enterCampaign(
  deps: EngagementDeps,
  callerId: string,
  body: { campaign_id: string; user_id?: string },
  now = new Date(),
): Promise<EntryDoc> {
  if (body.user_id !== undefined && body.user_id !== callerId) throw campaignErrors.notYourself();
  const { store, events } = deps.platform;
  try {
    return await store.withTransaction(async (tx) => {
      const campaign = await openCampaigns(tx).findOne({ _id: body.campaign_id });
      if (!campaign) throw campaignErrors.notFound();
      if (!isOpen(campaign, now)) throw campaignErrors.closed();
      const entry: EntryDoc = {
        _id: entryIdOf(campaign._id, callerId),
        campaign_id: campaign._id,
        user_id: callerId,
        grant: campaign.grant,
        entered_at: now.toISOString(),
      };
      if (await openEntries(tx).findOne({ _id: entry._id }, { projection: { _id: 1 } })) throw alreadyEntered();
      await openEntries(tx).insertOne(entry);
      await openCampaigns(tx).updateOne({ _id: campaign._id }, { $inc: { entries: 1 } });
      await events.publish(
        'campaign.entered',
        callerId,
        {
          entry_id: entry._id,
          campaign_id: campaign._id,
          user_id: callerId,
          grant: entry.grant,
          entered_at: entry.entered_at,
        },
        tx,
      );
      return entry;
    });
  } catch (err) {
    if (isAppError(err) && err.code === 'DUPLICATE_KEY') throw alreadyEntered();
    throw err;
  }
}

const alreadyEntered = campaignErrors.alreadyEntered;
