import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';
import type { AdminAlbumReply, ContentId, UsersContentReply } from '@talkwith/proto/dialogue';

const id = (value: string) => encodeURIComponent(value);

/** What operators see of a user's talks (services/dialogue/API.md § Users' content). */
const userContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsersContent: build.query<UsersContentReply, WithBase<{ userId: string; ids?: ContentId[] }>>({
      query: ({ base, userId, ids = [1, 2, 3] }) => ({
        url: adminUrl(base, `users_content/${id(userId)}`),
        method: 'POST',
        body: { ids },
      }),
    }),
    adminUserAlbum: build.query<AdminAlbumReply, WithBase<{ userId: string; characterId: string }>>({
      query: ({ base, userId, characterId }) => adminUrl(base, `full/users/${id(userId)}/${id(characterId)}/album`),
    }),
  }),
});

export const { useAdminUsersContentQuery, useAdminUserAlbumQuery } = userContentApi;
