import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminCharacterParams,
  CharacterDiffQuery,
  CharacterDiffReply,
  CharacterVersionParams,
  CharacterVersionsReply,
} from '@talkwith/proto/catalog';
import type { CredentialDeps } from '../deps.ts';
import { diffWithDraft, listVersions, restoreVersion } from './versions.ts';

const tags = ['catalog', 'admin'];

/** Published versions: the list, what the draft changes from one, and restoring one into the draft. */
export const versionRoutes: FastifyPluginAsync<CredentialDeps> = async (app, { platform }) => {
  const { store } = platform;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/admin/characters/:id/versions',
    {
      schema: {
        tags,
        summary: 'Every published version, newest first (who, when, note, which is live)',
        params: AdminCharacterParams,
        response: { 200: CharacterVersionsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, versions: await listVersions(store, request.params.id) };
    },
  );
  api.get(
    '/api/admin/characters/:id/diff',
    {
      schema: {
        tags,
        summary:
          'Field-level differences from a version (default: the live one) to the draft: blocks, clips, settings, lists',
        params: AdminCharacterParams,
        querystring: CharacterDiffQuery,
        response: { 200: CharacterDiffReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, diff: await diffWithDraft(store, request.params.id, request.query.version) };
    },
  );
  api.post(
    '/api/admin/characters/:id/versions/:version/restore',
    {
      schema: {
        tags,
        summary: 'Write a version into the draft (publish to make it live); answers what the draft changed',
        params: CharacterVersionParams,
        response: { 200: CharacterDiffReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      return {
        ok: true as const,
        diff: await restoreVersion(platform, { adminId: caller.sub }, request.params.id, request.params.version),
      };
    },
  );
};
