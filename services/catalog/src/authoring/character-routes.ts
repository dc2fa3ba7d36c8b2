import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AddCharacterBody,
  AdminCharacterList,
  AdminCharacterListQuery,
  AdminCharacterParams,
  AdminCharacterReply,
  AdminPageQuery,
  UpdateCharacterBody,
} from '@talkwith/proto/catalog';
import type { CredentialDeps } from '../deps.ts';
import { audited } from '../audit.ts';
import { addCharacter, listCharacters, requireCharacter, updateCharacter } from './character-admin.ts';
import { draftDiffers } from './versions.ts';
import { adminCharacterOf } from './views.ts';
import type { StandbyChanges } from '../standby-changes.ts';

const tags = ['catalog', 'admin'];

/** Characters and their settings: list, get, add, update. */
export const characterRoutes: FastifyPluginAsync<CredentialDeps & { standbyChanges?: StandbyChanges }> = async (
  app,
  { platform, credentials, standbyChanges },
) => {
  const { store, files } = platform;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/admin/characters',
    {
      schema: {
        tags,
        summary: 'Characters, 20 a page, optionally by part of the name',
        querystring: AdminCharacterListQuery,
        response: { 200: AdminCharacterList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listCharacters(store, files, request.query);
    },
  );
  api.get(
    '/api/admin/characters/pg/',
    {
      schema: {
        tags,
        summary: 'Characters, 20 a page (the paged list of SPEC §7)',
        querystring: AdminPageQuery,
        response: { 200: AdminCharacterList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listCharacters(store, files, request.query);
    },
  );
  api.get(
    '/api/admin/characters/:id',
    {
      schema: {
        tags,
        summary: 'One character with its setting (credentials masked) and draft lists',
        params: AdminCharacterParams,
        response: { 200: AdminCharacterReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const character = await requireCharacter(store, request.params.id);
      return {
        ok: true as const,
        character: adminCharacterOf(character, files, credentials, await draftDiffers(store, character._id)),
      };
    },
  );
  api.post(
    '/api/admin/characters',
    {
      schema: {
        tags,
        summary: 'Add a character (unpublished, default setting, empty draft)',
        body: AddCharacterBody,
        response: { 201: AdminCharacterReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const created = await audited(
        platform,
        { adminId: caller.sub },
        'character.created',
        (tx) => addCharacter(tx, request.body),
        (c) => ({ character_id: c._id, name: c.name, slug: c.slug }),
      );
      return reply
        .code(201)
        .send({ ok: true as const, character: adminCharacterOf(created, files, credentials, false) });
    },
  );
  api.put(
    '/api/admin/characters/:id',
    {
      schema: {
        tags,
        summary: 'Update a character: fields, setting (partial; credentials kept unless changed), draft lists',
        params: AdminCharacterParams,
        body: UpdateCharacterBody,
        response: { 200: AdminCharacterReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const { setting, draft, ...fields } = request.body;
      const standbyBefore =
        setting?.standby_video_id === undefined
          ? undefined
          : ((await requireCharacter(store, request.params.id)).setting?.standby_video_id ?? null);
      const updated = await audited(
        platform,
        { adminId: caller.sub },
        'character.updated',
        (tx) => updateCharacter(tx, platform.events, credentials, request.params.id, request.body),
        (c) => ({
          character_id: c._id,
          fields: Object.keys(fields),
          setting: Object.keys(setting ?? {}),
          draft: Object.keys(draft ?? {}),
        }),
      );
      if (standbyBefore !== undefined && (updated.setting?.standby_video_id ?? null) !== standbyBefore)
        standbyChanges?.announce(updated._id, caller.sub);
      return {
        ok: true as const,
        character: adminCharacterOf(updated, files, credentials, await draftDiffers(store, updated._id)),
      };
    },
  );
};
