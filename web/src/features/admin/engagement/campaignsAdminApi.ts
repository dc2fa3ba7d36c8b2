import type { CampaignBody, CampaignEditBody, CampaignList, CampaignReply } from '@talkwith/proto/engagement';
import { adminUrl } from '../adminApi.ts';
import { engagementApi, pathId, type WithBase } from './engagementApi.ts';

/** The campaign screen's calls (services/engagement/API.md "Campaigns"). */
export const campaignsAdminApi = engagementApi.injectEndpoints({
  endpoints: (build) => ({
    adminCampaigns: build.query<CampaignList, WithBase<{ page: number }>>({
      query: ({ base, page }) => ({ url: adminUrl(base, 'campaigns'), params: { page } }),
      providesTags: ['AdminCampaigns'],
    }),
    adminAddCampaign: build.mutation<CampaignReply, WithBase<{ body: CampaignBody }>>({
      query: ({ base, body }) => ({ url: adminUrl(base, 'campaigns'), method: 'POST', body }),
      invalidatesTags: ['AdminCampaigns'],
    }),
    adminEditCampaign: build.mutation<CampaignReply, WithBase<{ id: string; body: CampaignEditBody }>>({
      query: ({ base, id, body }) => ({ url: adminUrl(base, `campaigns/${pathId(id)}`), method: 'PUT', body }),
      invalidatesTags: ['AdminCampaigns'],
    }),
  }),
});

export const { useAdminCampaignsQuery, useAdminAddCampaignMutation, useAdminEditCampaignMutation } = campaignsAdminApi;
