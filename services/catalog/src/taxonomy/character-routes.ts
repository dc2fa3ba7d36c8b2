import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { TaxonomyCharacterListReply, TaxonomyCharacterReply, TaxonomyIdParams } from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { getTaxonomyCharacter, listTaxonomyCharacters } from './membership.ts';

const tags = ['catalog', 'admin'];

/** The full area's `characters(/{id})`: every character with the group and category it is listed under. */
export const taxonomyCharacterRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/admin/full/characters',
    {
      schema: {
        tags,
        summary: 'Every character with its group and category names',
        response: { 200: TaxonomyCharacterListReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, characters: await listTaxonomyCharacters(platform.store, platform.files) };
    },
  );
  api.get(
    '/api/admin/full/characters/:id',
    {
      schema: {
        tags,
        summary: 'One character with its group and category names',
        params: TaxonomyIdParams,
        response: { 200: TaxonomyCharacterReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return {
        ok: true as const,
        character: await getTaxonomyCharacter(platform.store, platform.files, request.params.id),
      };
    },
  );
};
