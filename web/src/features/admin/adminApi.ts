import type { PublicUser } from '@talkwith/proto/identity';
import { adminUrl, api } from '../../api/index.ts';

export interface AdminUserList {
  ok: true;
  users: PublicUser[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The admin API base comes from /api/config (default /api/admin); shared with the player's preview of a draft. */
export { adminUrl };

/** An admin call's argument: its own fields and the console's API base. */
export type WithBase<T> = T & { base: string };

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUserList, WithBase<{ email: string; exact: boolean; onlyNew: boolean; page: number }>>(
      {
        query: ({ base, email, exact, onlyNew, page }) => ({
          url: adminUrl(base, 'users'),
          params: { page, exact, ...(email ? { email } : {}), ...(onlyNew ? { new: true } : {}) },
        }),
        providesTags: ['AdminUsers'],
      },
    ),
    adminDeleteUser: build.mutation<{ ok: true }, WithBase<{ id: string }>>({
      query: ({ base, id }) => ({ url: adminUrl(base, `users/${encodeURIComponent(id)}`), method: 'DELETE' }),
      invalidatesTags: ['AdminUsers'],
    }),
    adminMail: build.query<{ ok: true; mails: OutboxMail[] }, WithBase<{ to: string }>>({
      query: ({ base, to }) => ({ url: adminUrl(base, 'mail'), params: { limit: 50, ...(to ? { to } : {}) } }),
      providesTags: ['AdminMail'],
    }),
  }),
});

export const { useAdminUsersQuery, useAdminDeleteUserMutation, useAdminMailQuery } = adminApi;
