import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller, requireCaller } from '@talkwith/platform/http';
import {
  CampaignBody,
  CampaignEditBody,
  CampaignEnterBody,
  CampaignEntered,
  CampaignList,
  CampaignListQuery,
  CampaignReply,
  IdParams,
  OpenCampaignList,
} from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { createCampaign, editCampaign, listCampaigns } from './admin.ts';
import { ENTERED_MESSAGE, enterCampaign, openCampaignsFor } from './entries.ts';
import { campaignView, openCampaignView } from './views.ts';

/** Campaigns (API.md § Campaigns): customers see and enter open ones; admins list, create and edit. */
export const campaignRoutes: FastifyPluginAsync<EngagementDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['engagement', 'campaigns'];

  api.get(
    '/api/campaigns',
    {
      schema: {
        tags,
        summary: 'Campaigns open now, with whether the caller entered each',
        response: { 200: OpenCampaignList },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const open = await openCampaignsFor(deps, caller.sub);
      return { ok: true as const, campaigns: open.map(({ campaign, entered }) => openCampaignView(campaign, entered)) };
    },
  );

  api.post(
    '/api/campaigns/users/user/insert',
    {
      schema: {
        tags,
        summary: 'Enter a campaign (once per user); billing grants its points or tickets',
        body: CampaignEnterBody,
        response: { 201: CampaignEntered },
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const entry = await enterCampaign(deps, caller.sub, request.body);
      return reply.code(201).send({
        ok: true as const,
        message: ENTERED_MESSAGE,
        campaign_id: entry.campaign_id,
        grant: entry.grant,
        entered_at: entry.entered_at,
      });
    },
  );

  await adminCampaignRoutes(app, deps);
};

const adminCampaignRoutes: FastifyPluginAsync<EngagementDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['engagement', 'campaigns', 'admin'];

  api.get(
    '/api/admin/campaigns',
    {
      schema: {
        tags,
        summary: 'Campaigns, newest first, with their entry counts',
        querystring: CampaignListQuery,
        response: { 200: CampaignList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { rows, total, page, pages } = await listCampaigns(deps, request.query.page ?? 1);
      return { ok: true as const, campaigns: rows.map(campaignView), total, page, pages };
    },
  );

  api.post(
    '/api/admin/campaigns',
    {
      schema: {
        tags,
        summary: 'Create a campaign (ends_at after starts_at)',
        body: CampaignBody,
        response: { 201: CampaignReply },
      },
    },
    async (request, reply) => {
      const admin = await requireAdminCaller(request);
      return reply
        .code(201)
        .send({ ok: true as const, campaign: campaignView(await createCampaign(deps, admin.sub, request.body)) });
    },
  );

  api.put(
    '/api/admin/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Edit a campaign',
        params: IdParams,
        body: CampaignEditBody,
        response: { 200: CampaignReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return {
        ok: true as const,
        campaign: campaignView(await editCampaign(deps, admin.sub, request.params.id, request.body)),
      };
    },
  );
};
