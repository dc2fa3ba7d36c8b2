import type { Campaign, OpenCampaign } from '@talkwith/proto/engagement';
import type { CampaignDoc } from './model.ts';

export function campaignView(doc: CampaignDoc): Campaign {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    starts_at: doc.starts_at,
    ends_at: doc.ends_at,
    grant: doc.grant,
    active: doc.active,
    entries: doc.entries,
    created_at: doc.created_at,
  };
}

export function openCampaignView(doc: CampaignDoc, entered: boolean): OpenCampaign {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    starts_at: doc.starts_at,
    ends_at: doc.ends_at,
    grant: doc.grant,
    entered,
  };
}
