import { api } from '../../../api/index.ts';

/** What every engagement admin call shares: the console's API base, the cache tags, ids in paths, set-only filters. */

export type WithBase<T = object> = T & { base: string };

export const pathId = (value: string) => encodeURIComponent(value);

/** Only the filters that are set go in the query string. */
export const setOnly = (params: Record<string, string | number | boolean | undefined | null>) =>
  Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Record<string, string | number | boolean>;

/** The one `api`, with the engagement admin tags (services/engagement/API.md). */
export const engagementApi = api.enhanceEndpoints({
  addTagTypes: [
    'AdminCoupons',
    'AdminSerials',
    'AdminSerialStats',
    'AdminNotifications',
    'AdminContacts',
    'AdminCampaigns',
  ],
});
