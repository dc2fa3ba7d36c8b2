import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminAlbumParams,
  AdminAlbumReply,
  UsersContentBody,
  UsersContentParams,
  UsersContentReply,
} from '@talkwith/proto/dialogue';
import type { DialogueDeps } from '../deps.ts';
import { adminAlbumOf, usersContent } from './user-content.ts';

const tags = ['album', 'admin'];

/** API.md § Users' content: what operators see of a user's talks (SPEC.md §7 full users/{id}/{character_id}/album, users_content). */
export const adminContentRoutes: FastifyPluginAsync<DialogueDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = platform;

  api.get(
    '/api/admin/full/users/:id/:character_id/album',
    {
      schema: {
        tags,
        summary: "Admin: a user's album of one published character",
        params: AdminAlbumParams,
        response: { 200: AdminAlbumReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return adminAlbumOf(store, request.params.id, request.params.character_id);
    },
  );

  api.post(
    '/api/admin/users_content/:id',
    {
      schema: {
        tags,
        summary: "Admin: a user's content by ids (1 talk history, 2 album, 3 talks; default all)",
        params: UsersContentParams,
        body: UsersContentBody,
        response: { 200: UsersContentReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return usersContent(store, request.params.id, request.body?.ids ?? [1, 2, 3]);
    },
  );
};
