import type { EngagementArea } from '../deps.ts';
import { ensureCampaignIndexes } from './model.ts';
import { campaignRoutes } from './routes.ts';

/**
 * Campaigns (API.md § Campaigns). No consumer: on `user.deleted` the user's
 * entries are left as they are (model.ts EntryDoc says why); billing's
 * consumer of `campaign.entered` grants.
 */
export const campaignsArea: EngagementArea = {
  name: 'campaigns',
  routes: campaignRoutes,
  async prepare({ platform }) {
    await ensureCampaignIndexes(platform.store);
  },
};
