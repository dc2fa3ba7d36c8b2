import type {
  AdminEmailChangeBody,
  AdminPasswordChangeBody,
  AdminProfileBody,
  UserReply,
} from '@talkwith/proto/identity';
import { api } from '../../../api/index.ts';
import { adminUrl, type AdminUserList, type WithBase } from '../adminApi.ts';

const id = (value: string) => encodeURIComponent(value);

/**
 * The writes of the user detail page (identity's admin routes, SPEC.md §6/§7
 * Users). The account itself is read with billing's adminUserById (tagged
 * AdminUsers), so each write here refreshes the page and the users list.
 */
export const usersAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user picker's suggestions: part of an address or a nickname (first page). */
    adminUserSearch: build.query<AdminUserList, WithBase<{ q: string }>>({
      query: ({ base, q }) => ({ url: adminUrl(base, 'users'), params: { q, page: 1 } }),
      providesTags: ['AdminUsers'],
    }),
    adminUpdateUser: build.mutation<UserReply, WithBase<{ userId: string; body: AdminProfileBody }>>({
      query: ({ base, userId, body }) => ({ url: adminUrl(base, `users/${id(userId)}`), method: 'PUT', body }),
      invalidatesTags: ['AdminUsers'],
    }),
    adminChangePassword: build.mutation<{ ok: true }, WithBase<AdminPasswordChangeBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'users/password_change'), method: 'POST', body }),
      invalidatesTags: ['AdminMail'],
    }),
    adminChangeEmail: build.mutation<{ ok: true }, WithBase<AdminEmailChangeBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'users/email_change'), method: 'POST', body }),
      invalidatesTags: ['AdminUsers', 'AdminMail'],
    }),
  }),
});

export const {
  useAdminUserSearchQuery,
  useAdminUpdateUserMutation,
  useAdminChangePasswordMutation,
  useAdminChangeEmailMutation,
} = usersAdminApi;
