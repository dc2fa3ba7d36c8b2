import type {
  CampaignEnterBody, CampaignEntered, ContactBody, ContactReceived, MarkReadBody, MarkReadReply, NewsList, NotificationList,
  NotificationListQuery, NotificationsAvailable, OpenCampaignList, SerialCheckBody, SerialCheckReply, UnlockList,
} from '@talkwith/proto/engagement';
import { api } from '../../api/index.ts';

/**
 * The customer's engagement calls (services/engagement/API.md): notifications
 * and news, serial codes, campaigns, contacts. `NotificationBadge` is the
 * menu's unread count; marking read refreshes it.
 */
export const engagementApi = api.enhanceEndpoints({ addTagTypes: ['Notifications', 'NotificationBadge', 'SerialUnlocks', 'OpenCampaigns'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications?page&active&new: unread first, then newest first. */
    notifications: build.query<NotificationList, NotificationListQuery>({
      query: (params) => ({ url: 'notifications', params }),
      providesTags: ['Notifications'],
    }),
    notificationsAvailable: build.query<NotificationsAvailable, void>({ query: () => 'notifications_available', providesTags: ['NotificationBadge'] }),
    /**
     * Marking some read patches the cached lists in place (the popup keeps its
     * order while it is open); marking all read fetches the lists again.
     */
    markNotificationsRead: build.mutation<MarkReadReply, MarkReadBody>({
      query: (body) => ({ url: 'notifications/read', method: 'POST', body }),
      invalidatesTags: (_reply, error, body) => (error ? [] : body.all ? ['NotificationBadge', 'Notifications'] : ['NotificationBadge']),
      async onQueryStarted(body, { dispatch, getState, queryFulfilled }) {
        const outcome = await queryFulfilled.catch(() => null);
        if (!outcome || body.all || !body.ids) return;
        const read = new Set(body.ids);
        for (const args of engagementApi.util.selectCachedArgsForQuery(getState(), 'notifications')) {
          dispatch(engagementApi.util.updateQueryData('notifications', args, (list) => {
            for (const item of list.notifications) if (read.has(item.id)) item.read = true;
            list.unread = outcome.data.unread;
          }));
        }
      },
    }),
    /** GET /api/news?page: public. */
    news: build.query<NewsList, number>({ query: (page) => ({ url: 'news', params: { page } }) }),
    checkSerial: build.mutation<SerialCheckReply, SerialCheckBody>({
      query: (body) => ({ url: 'serial/check', method: 'POST', body }),
      invalidatesTags: (_reply, error) => (error ? [] : ['SerialUnlocks', 'PlayableCharacter', 'Wallet']),
    }),
    serialUnlocks: build.query<UnlockList, void>({ query: () => 'serial/unlocks', providesTags: ['SerialUnlocks'] }),
    openCampaigns: build.query<OpenCampaignList, void>({ query: () => 'campaigns', providesTags: ['OpenCampaigns'] }),
    enterCampaign: build.mutation<CampaignEntered, CampaignEnterBody>({
      query: (body) => ({ url: 'campaigns/users/user/insert', method: 'POST', body }),
      // A refused entry (already entered, closed) also changes what the list should say.
      invalidatesTags: ['OpenCampaigns', 'Wallet'],
    }),
    /** POST /api/contacts: works logged out. */
    sendContact: build.mutation<ContactReceived, ContactBody>({ query: (body) => ({ url: 'contacts', method: 'POST', body }) }),
  }),
});

export const {
  useNotificationsQuery, useNotificationsAvailableQuery, useMarkNotificationsReadMutation, useNewsQuery, useCheckSerialMutation,
  useSerialUnlocksQuery, useOpenCampaignsQuery, useEnterCampaignMutation, useSendContactMutation,
} = engagementApi;
