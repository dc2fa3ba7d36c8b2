import { Type, type Static } from '@sinclair/typebox';
import { EngagementId, Iso, Page, Paging, UserId } from './common.ts';

/**
 * Campaigns (SPEC.md §7 campaigns/users/user/insert): a period and a grant
 * (points or talk tickets), entered once per user; billing grants
 * (`campaign.entered` → `points.granted` / `ticket.granted`).
 */
export const CampaignGrant = Type.Union([
  Type.Object(
    { kind: Type.Literal('points'), amount: Type.Integer({ minimum: 1, maximum: 100_000 }) },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('tickets'), amount: Type.Integer({ minimum: 1, maximum: 100 }) },
    { additionalProperties: false },
  ),
]);
export type CampaignGrant = Static<typeof CampaignGrant>;

export const Campaign = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  starts_at: Iso,
  ends_at: Iso,
  grant: CampaignGrant,
  active: Type.Boolean(),
  /** Entries so far (admin view). */
  entries: Type.Integer({ minimum: 0 }),
  created_at: Iso,
});
export type Campaign = Static<typeof Campaign>;

/** What a customer sees: the open campaigns and whether they already entered. */
export const OpenCampaign = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  starts_at: Iso,
  ends_at: Iso,
  grant: CampaignGrant,
  entered: Type.Boolean(),
});
export type OpenCampaign = Static<typeof OpenCampaign>;
export const OpenCampaignList = Type.Object({ ok: Type.Literal(true), campaigns: Type.Array(OpenCampaign) });
export type OpenCampaignList = Static<typeof OpenCampaignList>;

/** POST /api/campaigns/users/user/insert {campaign_id, user_id?}: user_id, when sent, must be the caller's own. */
export const CampaignEnterBody = Type.Object(
  { campaign_id: EngagementId, user_id: Type.Optional(UserId) },
  { additionalProperties: false },
);
export type CampaignEnterBody = Static<typeof CampaignEnterBody>;
export const CampaignEntered = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  campaign_id: Type.String(),
  grant: CampaignGrant,
  entered_at: Iso,
});
export type CampaignEntered = Static<typeof CampaignEntered>;

const CampaignFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  starts_at: Iso,
  ends_at: Iso,
  grant: CampaignGrant,
};
export const CampaignBody = Type.Object(
  {
    ...CampaignFields,
    active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type CampaignBody = Static<typeof CampaignBody>;
/**
 * PUT: only what is sent changes. `active` has no default here: with the
 * create body's default, every edit (a new title, say) would switch an
 * inactive campaign back on.
 */
export const CampaignEditBody = Type.Partial(Type.Object({ ...CampaignFields, active: Type.Boolean() }), {
  additionalProperties: false,
  minProperties: 1,
});
export type CampaignEditBody = Static<typeof CampaignEditBody>;

export const CampaignReply = Type.Object({ ok: Type.Literal(true), campaign: Campaign });
export type CampaignReply = Static<typeof CampaignReply>;
export const CampaignListQuery = Type.Object({ page: Type.Optional(Page) }, { additionalProperties: false });
export type CampaignListQuery = Static<typeof CampaignListQuery>;
export const CampaignList = Type.Object({ ok: Type.Literal(true), campaigns: Type.Array(Campaign), ...Paging });
export type CampaignList = Static<typeof CampaignList>;
