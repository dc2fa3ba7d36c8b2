import type {
  OperatorInviteBody,
  OperatorInviteReply,
  OperatorRoleBody,
  OperatorsReply,
  SuspendBody,
  UserReply,
} from '@talkwith/proto/identity';
import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';

const id = (value: string) => encodeURIComponent(value);

/**
 * Operators (identity's /operators routes) and suspension. Every write
 * refreshes AdminUsers: the operators list and the user pages read it.
 */
export const operatorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOperators: build.query<OperatorsReply, WithBase<object>>({
      query: ({ base }) => adminUrl(base, 'operators'),
      providesTags: ['AdminUsers'],
    }),
    adminInviteOperator: build.mutation<OperatorInviteReply, WithBase<OperatorInviteBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'operators'), method: 'POST', body }),
      invalidatesTags: ['AdminUsers', 'AdminMail'],
    }),
    adminSetOperatorRole: build.mutation<{ ok: true }, WithBase<OperatorRoleBody & { userId: string }>>({
      query: ({ base, userId, ...body }) => ({
        url: adminUrl(base, `operators/${id(userId)}/role`),
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['AdminUsers'],
    }),
    adminRevokeOperator: build.mutation<{ ok: true }, WithBase<{ userId: string }>>({
      query: ({ base, userId }) => ({ url: adminUrl(base, `operators/${id(userId)}`), method: 'DELETE' }),
      invalidatesTags: ['AdminUsers'],
    }),
    adminSuspendUser: build.mutation<UserReply, WithBase<SuspendBody & { userId: string }>>({
      query: ({ base, userId, ...body }) => ({
        url: adminUrl(base, `users/${id(userId)}/suspend`),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['AdminUsers'],
    }),
    adminUnsuspendUser: build.mutation<UserReply, WithBase<{ userId: string }>>({
      query: ({ base, userId }) => ({ url: adminUrl(base, `users/${id(userId)}/unsuspend`), method: 'POST', body: {} }),
      invalidatesTags: ['AdminUsers'],
    }),
  }),
});

export const {
  useAdminOperatorsQuery,
  useAdminInviteOperatorMutation,
  useAdminSetOperatorRoleMutation,
  useAdminRevokeOperatorMutation,
  useAdminSuspendUserMutation,
  useAdminUnsuspendUserMutation,
} = operatorsApi;
