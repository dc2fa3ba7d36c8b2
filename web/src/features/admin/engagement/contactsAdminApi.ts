import type {
  ContactList,
  ContactListQuery,
  ContactReply,
  ContactReplyBody,
  ContactStatus,
} from '@talkwith/proto/engagement';
import { adminUrl } from '../adminApi.ts';
import { engagementApi, pathId, setOnly, type WithBase } from './engagementApi.ts';

const LIST = { type: 'AdminContacts' as const, id: 'LIST' };

/** The contact screens' calls (services/engagement/API.md "Contacts"). */
export const contactsAdminApi = engagementApi.injectEndpoints({
  endpoints: (build) => ({
    adminContacts: build.query<ContactList, WithBase<ContactListQuery>>({
      query: ({ base, ...filters }) => ({ url: adminUrl(base, 'contacts'), params: setOnly(filters) }),
      providesTags: [LIST],
    }),
    adminContact: build.query<ContactReply, WithBase<{ id: string }>>({
      query: ({ base, id }) => adminUrl(base, `contacts/${pathId(id)}`),
      providesTags: (_r, _e, { id }) => [{ type: 'AdminContacts', id }],
    }),
    adminSetContactStatus: build.mutation<ContactReply, WithBase<{ id: string; status: ContactStatus }>>({
      query: ({ base, id, status }) => ({
        url: adminUrl(base, `contacts/${pathId(id)}/status`),
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'AdminContacts', id }],
    }),
    adminReplyContact: build.mutation<ContactReply, WithBase<{ id: string; body: ContactReplyBody }>>({
      query: ({ base, id, body }) => ({ url: adminUrl(base, `contacts/${pathId(id)}/reply`), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'AdminContacts', id }],
    }),
    adminDeleteContact: build.mutation<{ ok: true }, WithBase<{ id: string }>>({
      query: ({ base, id }) => ({ url: adminUrl(base, `contacts/${pathId(id)}`), method: 'DELETE' }),
      // The list refetches; the deleted contact's own cache entry is left alone (its page navigates away).
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const {
  useAdminContactsQuery,
  useAdminContactQuery,
  useAdminSetContactStatusMutation,
  useAdminReplyContactMutation,
  useAdminDeleteContactMutation,
} = contactsAdminApi;
