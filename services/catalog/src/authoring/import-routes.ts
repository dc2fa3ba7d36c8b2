import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { IMPORT_MAX_BYTES, JsonUploadBody, JsonUploadReply } from '@talkwith/proto/catalog';
import type { CredentialDeps } from '../deps.ts';
import { importCharacter } from './import-export.ts';

/** The one authoring route that takes a large body: a whole character as JSON. */
export const importRoutes: FastifyPluginAsync<CredentialDeps> = async (app, { platform, credentials }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/admin/characters/jsonUpload',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ['catalog', 'admin'],
        summary: 'Import a whole character as JSON (dry_run: only list what would change); one transaction',
        body: JsonUploadBody,
        response: { 200: JsonUploadReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      const changes = await importCharacter(platform, credentials, { adminId: caller.sub }, request.body);
      return { ok: true as const, dry_run: request.body.dry_run, changes };
    },
  );
};
