import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  BlockParams,
  BlockPatch,
  BlockReply,
  BlocksReply,
  CharacterBlocksBody,
  DeleteBlockQuery,
  DeleteBlockReply,
  NewBlocksBody,
  NewBlocksReply,
} from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { audited } from '../audit.ts';
import { blocksOf, createBlocks, deleteBlock, editBlock } from './blocks.ts';
import { blockErrors } from '../errors.ts';

const tags = ['catalog', 'admin'];

/** Blocks: list, create, edit, delete. */
export const blockRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const actorOf = async (request: Parameters<typeof requireAdminCaller>[0]) => ({
    adminId: (await requireAdminCaller(request)).sub,
  });

  api.post(
    '/api/admin/blocks/getBlocks',
    {
      schema: {
        tags,
        summary: 'Every block of a character (draft)',
        body: CharacterBlocksBody,
        response: { 200: BlocksReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, blocks: await blocksOf(platform.store, request.body.character_id) };
    },
  );
  api.post(
    '/api/admin/blocks',
    {
      schema: {
        tags,
        summary: 'Create a block (or several naming each other); ids generated when absent',
        body: NewBlocksBody,
        response: { 201: NewBlocksReply },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const input = [...(request.body.block ? [request.body.block] : []), ...(request.body.blocks ?? [])];
      if (input.length === 0) throw blockErrors.blockOrBlocks();
      const { character_id: characterId } = request.body;
      const blocks = await audited(
        platform,
        actor,
        'block.created',
        (tx) => createBlocks(tx, characterId, input),
        (created) => ({ character_id: characterId, block_ids: created.map((b) => b.id) }),
      );
      return reply.code(201).send({ ok: true as const, block: blocks[0], blocks });
    },
  );
  api.put(
    '/api/admin/blocks/:character_id/:block_id',
    {
      schema: {
        tags,
        summary: 'Edit a block (partial); a locked block answers 409 BLOCK_LOCKED',
        params: BlockParams,
        body: BlockPatch,
        response: { 200: BlockReply },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { character_id: characterId, block_id: blockId } = request.params;
      const block = await audited(
        platform,
        actor,
        'block.updated',
        (tx) => editBlock(tx, characterId, blockId, request.body),
        () => ({ character_id: characterId, block_id: blockId, fields: Object.keys(request.body) }),
      );
      return { ok: true as const, block };
    },
  );
  api.delete(
    '/api/admin/blocks/:character_id/:block_id',
    {
      schema: {
        tags,
        summary: 'Delete a block; refused while referenced unless force=true (which removes the references)',
        params: BlockParams,
        querystring: DeleteBlockQuery,
        response: { 200: DeleteBlockReply },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { character_id: characterId, block_id: blockId } = request.params;
      const removed = await audited(
        platform,
        actor,
        'block.deleted',
        (tx) => deleteBlock(tx, characterId, blockId, request.query.force),
        (refs) => ({ character_id: characterId, block_id: blockId, removed_references: refs.length }),
      );
      return { ok: true as const, removed_references: removed };
    },
  );
};
