import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminCharacterParams,
  AdminCharacterSummaryReply,
  CharacterAllReply,
  CharacterExport,
  FaultsReply,
  PublishBody,
  PublishReply,
} from '@talkwith/proto/catalog';
import type { Character } from '../characters.ts';
import type { CredentialDeps } from '../deps.ts';
import { openBlocks, openVideos } from '../model.ts';
import { exportOf } from './import-export.ts';
import { graphPositionsOf } from './positions.ts';
import { checkedDraft, publishCharacter, unpublishCharacter } from './publishing.ts';
import { listItemOf, maskedSetting } from './views.ts';

const tags = ['catalog', 'admin'];

/** The whole draft, its export and validation, publishing and unpublishing. */
export const publishingRoutes: FastifyPluginAsync<CredentialDeps> = async (app, { platform, credentials }) => {
  const { store, files } = platform;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const counted = async (c: Character) =>
    listItemOf(c, files, {
      blocks: await openBlocks(store).countDocuments({ character_id: c._id }),
      videos: await openVideos(store).countDocuments({ character_id: c._id }),
    });

  api.get(
    '/api/admin/characters/:id/all',
    {
      schema: {
        tags,
        summary:
          "The whole draft as a dialogue Character (credentials masked) with the validator's faults and the graph positions",
        params: AdminCharacterParams,
        response: { 200: CharacterAllReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { character, draft, faults } = await checkedDraft(store, request.params.id);
      const positions = await graphPositionsOf(store, request.params.id, character);
      return {
        ok: true as const,
        character: { ...draft, setting: maskedSetting(credentials, draft.setting) },
        faults,
        positions,
      };
    },
  );
  api.get(
    '/api/admin/characters/:id/export',
    {
      schema: {
        tags,
        summary: 'The draft as a JSON file to download (credentials left out)',
        params: AdminCharacterParams,
        response: { 200: CharacterExport },
      },
    },
    async (request, reply) => {
      await requireAdminCaller(request);
      const exported = await exportOf(store, request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="character-${encodeURIComponent(exported.slug)}.json"`)
        .send(exported);
    },
  );
  api.get(
    '/api/admin/characters/:id/validate',
    {
      schema: {
        tags,
        summary: "The validator's faults of the draft (Japanese messages, block or video concerned)",
        params: AdminCharacterParams,
        response: { 200: FaultsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, faults: (await checkedDraft(store, request.params.id)).faults };
    },
  );
  api.post(
    '/api/admin/characters/:id/publish',
    {
      schema: {
        tags,
        summary:
          "Publish the draft as the next version, with an optional note (refused with its faults unless it has none; refused with the tests' report when one fails, unless force); answers the tests' report",
        params: AdminCharacterParams,
        body: PublishBody,
        response: { 200: PublishReply },
      },
      // Callers from before notes existed post no body at all: that is an empty note.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const options = { note: request.body.note?.trim() ?? '', force: request.body.force === true };
      const { character, tests } = await publishCharacter(
        platform,
        { adminId: caller.sub },
        request.params.id,
        options,
      );
      return { ok: true as const, character: await counted(character), tests };
    },
  );
  api.post(
    '/api/admin/characters/:id/unpublish',
    {
      schema: {
        tags,
        summary: 'Take a character out of the catalogue',
        params: AdminCharacterParams,
        response: { 200: AdminCharacterSummaryReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      return {
        ok: true as const,
        character: await counted(await unpublishCharacter(platform, { adminId: caller.sub }, request.params.id)),
      };
    },
  );
};
