import type {
  MarkReadBody,
  MarkReadReply,
  NotificationList,
  NotificationListQuery,
  NotificationsAvailable,
} from '@talkwith/proto/engagement';
import { api } from '../../api/index.ts';

/**
 * The customer's notification calls (services/engagement/API.md), which the
 * menu uses on every page (its unread badge and popup) besides /notification.
 * `NotificationBadge` is the menu's unread count; marking read refreshes it.
 * The engagement pages' other calls come with their chunk (pagesApi.ts).
 */
export const engagementApi = api
  .enhanceEndpoints({ addTagTypes: ['Notifications', 'NotificationBadge'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET /api/notifications?page&active&new: unread first, then newest first. */
      notifications: build.query<NotificationList, NotificationListQuery>({
        query: (params) => ({ url: 'notifications', params }),
        providesTags: ['Notifications'],
      }),
      notificationsAvailable: build.query<NotificationsAvailable, void>({
        query: () => 'notifications_available',
        providesTags: ['NotificationBadge'],
      }),
      /**
       * Marking some read patches the cached lists in place (the popup keeps its
       * order while it is open); marking all read fetches the lists again.
       */
      markNotificationsRead: build.mutation<MarkReadReply, MarkReadBody>({
        query: (body) => ({ url: 'notifications/read', method: 'POST', body }),
        invalidatesTags: (_reply, error, body) =>
          error ? [] : body.all ? ['NotificationBadge', 'Notifications'] : ['NotificationBadge'],
        async onQueryStarted(body, { dispatch, getState, queryFulfilled }) {
          const outcome = await queryFulfilled.catch(() => null);
          if (!outcome || body.all || !body.ids) return;
          const read = new Set(body.ids);
          for (const args of engagementApi.util.selectCachedArgsForQuery(getState(), 'notifications')) {
            dispatch(
              engagementApi.util.updateQueryData('notifications', args, (list) => {
                for (const item of list.notifications) if (read.has(item.id)) item.read = true;
                list.unread = outcome.data.unread;
              }),
            );
          }
        },
      }),
    }),
  });

export const { useNotificationsQuery, useNotificationsAvailableQuery, useMarkNotificationsReadMutation } =
  engagementApi;
