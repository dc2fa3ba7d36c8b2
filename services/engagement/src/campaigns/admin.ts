import { randomUUID } from 'node:crypto';
import { audited } from '@talkwith/platform/eventing';
import { PAGE_SIZE, type CampaignBody, type CampaignEditBody } from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { openCampaigns, type CampaignDoc } from './model.ts';
import { campaignErrors } from '../errors.ts';

/** One format for every stored time, so that string order is time order (model.ts isOpen). */
const normalised = (iso: string) => new Date(iso).toISOString();

function assertPeriod(starts_at: string, ends_at: string): void {
  if (ends_at <= starts_at) throw campaignErrors.periodOrder();
}

export async function listCampaigns({ platform }: EngagementDeps, page: number) {
  const campaigns = openCampaigns(platform.store);
  const [total, rows] = await Promise.all([
    campaigns.countDocuments({}),
    campaigns.find({}, { sort: { created_at: -1, _id: -1 }, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
  ]);
  return { rows, total, page, pages: Math.ceil(total / PAGE_SIZE) };
}

export async function createCampaign(
  { platform }: EngagementDeps,
  adminId: string,
  body: CampaignBody,
  now = new Date(),
): Promise<CampaignDoc> {
  const campaign: CampaignDoc = {
    _id: randomUUID(),
    title: body.title.trim(),
    description: body.description ?? '',
    starts_at: normalised(body.starts_at),
    ends_at: normalised(body.ends_at),
    grant: body.grant,
    active: body.active ?? true,
    entries: 0,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  if (campaign.title === '') throw campaignErrors.titleRequired();
  assertPeriod(campaign.starts_at, campaign.ends_at);
  return audited(
    platform,
    { adminId },
    'engagement.campaign_created',
    (tx) => openCampaigns(tx).insertOne(campaign),
    detailOf,
  );
}

/** Changes what the body names; the period is checked as it will be after the change. Past entries keep the grant they got. */
export async function editCampaign(
  { platform }: EngagementDeps,
  adminId: string,
  id: string,
  body: CampaignEditBody,
  now = new Date(),
): Promise<CampaignDoc> {
  const changes: Partial<CampaignDoc> = { updated_at: now.toISOString() };
  if (body.title !== undefined) changes.title = body.title.trim();
  if (changes.title === '') throw campaignErrors.titleRequired();
  if (body.description !== undefined) changes.description = body.description;
  if (body.starts_at !== undefined) changes.starts_at = normalised(body.starts_at);
  if (body.ends_at !== undefined) changes.ends_at = normalised(body.ends_at);
  if (body.grant !== undefined) changes.grant = body.grant;
  if (body.active !== undefined) changes.active = body.active;
  return audited(
    platform,
    { adminId },
    'engagement.campaign_edited',
    async (tx) => {
      const current = await openCampaigns(tx).findOne({ _id: id });
      if (!current) throw campaignErrors.notFound();
      assertPeriod(changes.starts_at ?? current.starts_at, changes.ends_at ?? current.ends_at);
      return (await openCampaigns(tx).findOneAndUpdate({ _id: id }, { $set: changes }))!;
    },
    detailOf,
  );
}

const detailOf = (campaign: CampaignDoc) => ({
  campaign_id: campaign._id,
  title: campaign.title,
  active: campaign.active,
  starts_at: campaign.starts_at,
  ends_at: campaign.ends_at,
});
