import type {
  AdminNotificationList,
  AdminNotificationQuery,
  AdminNotificationReply,
  NotificationAddBody,
  NotificationEditBody,
} from '@talkwith/proto/engagement';
import { adminUrl } from '../adminApi.ts';
import { engagementApi, pathId, setOnly, type WithBase } from './engagementApi.ts';

/** The notification screen's calls (services/engagement/API.md "Notifications and news"). */
export const notificationsAdminApi = engagementApi.injectEndpoints({
  endpoints: (build) => ({
    adminNotifications: build.query<AdminNotificationList, WithBase<AdminNotificationQuery>>({
      query: ({ base, ...filters }) => ({ url: adminUrl(base, 'notifications'), params: setOnly(filters) }),
      providesTags: ['AdminNotifications'],
    }),
    adminAddNotification: build.mutation<AdminNotificationReply, WithBase<{ body: NotificationAddBody }>>({
      query: ({ base, body }) => ({ url: adminUrl(base, 'notifications/add'), method: 'POST', body }),
      invalidatesTags: ['AdminNotifications'],
    }),
    adminEditNotification: build.mutation<AdminNotificationReply, WithBase<{ id: string; body: NotificationEditBody }>>(
      {
        query: ({ base, id, body }) => ({
          url: adminUrl(base, `notifications/edit/${pathId(id)}`),
          method: 'PUT',
          body,
        }),
        invalidatesTags: ['AdminNotifications'],
      },
    ),
    adminSetNotificationActive: build.mutation<AdminNotificationReply, WithBase<{ id: string; active: boolean }>>({
      query: ({ base, id, active }) => ({
        url: adminUrl(base, `notifications/active/${pathId(id)}`),
        method: 'POST',
        body: { active },
      }),
      invalidatesTags: ['AdminNotifications'],
    }),
    adminDeleteNotification: build.mutation<{ ok: true }, WithBase<{ id: string }>>({
      query: ({ base, id }) => ({ url: adminUrl(base, `notifications/delete/${pathId(id)}`), method: 'DELETE' }),
      invalidatesTags: ['AdminNotifications'],
    }),
  }),
});

export const {
  useAdminNotificationsQuery,
  useAdminAddNotificationMutation,
  useAdminEditNotificationMutation,
  useAdminSetNotificationActiveMutation,
  useAdminDeleteNotificationMutation,
} = notificationsAdminApi;
