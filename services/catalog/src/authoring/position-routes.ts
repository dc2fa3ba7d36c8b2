import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { GraphPositionsBody, GraphPositionsParams, GraphPositionsReply } from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { requireCharacter } from './character-admin.ts';
import { graphPositionsOf, updateGraphPositions } from './positions.ts';

const tags = ['catalog', 'admin'];

/** Where the operator put the blocks on the console's graph (positions.ts). */
export const positionRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/admin/characters/:id/positions',
    {
      schema: {
        tags,
        summary: "The graph positions of the draft's blocks (block id → top-left corner)",
        params: GraphPositionsParams,
        response: { 200: GraphPositionsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, positions: await graphPositionsOf(platform.store, request.params.id) };
    },
  );
  api.put(
    '/api/admin/characters/:id/positions',
    {
      schema: {
        tags,
        summary: 'Move blocks on the graph (set), or forget every position first (reset: the automatic layout)',
        params: GraphPositionsParams,
        body: GraphPositionsBody,
        response: { 200: GraphPositionsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { id } = request.params;
      const positions = await platform.store.withTransaction(async (tx) => {
        await requireCharacter(tx, id);
        return updateGraphPositions(tx, id, request.body);
      });
      return { ok: true as const, positions };
    },
  );
};
