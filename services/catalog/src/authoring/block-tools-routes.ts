import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  ActionButtonsBody,
  ActionButtonsReply,
  ActionButtonsUpdateBody,
  CategoryCopyBody,
  CategoryCopyParams,
  CharacterBlockCopyBody,
  CharacterIdParams,
  CopyPreviewReply,
  CopyReply,
  UpdateBlockLockBody,
  UpdateBlockLockReply,
} from '@talkwith/proto/catalog';
import { OkBody } from '@talkwith/proto/http';
import type { CatalogDeps } from '../deps.ts';
import { audited } from '../audit.ts';
import { categoryCharacterIds, copyBlocks } from './block-copy.ts';
import { planCopy } from './block-copy-plan.ts';
import { requireBlock, setActionButtons, updateBlockLocks } from './blocks.ts';
import { requireCharacter } from './character-admin.ts';
import { clearKikiwasure, clearSummary } from './drafts.ts';

const tags = ['catalog', 'admin'];

/** Action buttons, locks, copies to other characters, and the kikiwasure/summary resets. */
export const blockToolRoutes: FastifyPluginAsync<CatalogDeps> = async (app, { platform }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const actorOf = async (request: Parameters<typeof requireAdminCaller>[0]) => ({
    adminId: (await requireAdminCaller(request)).sub,
  });

  api.post(
    '/api/admin/blocks/actionButtons',
    {
      schema: {
        tags,
        summary: 'The action buttons of a block',
        body: ActionButtonsBody,
        response: { 200: ActionButtonsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      await requireCharacter(platform.store, request.body.character_id);
      return {
        ok: true as const,
        action_buttons: (await requireBlock(platform.store, request.body.character_id, request.body.block_id))
          .action_buttons,
      };
    },
  );
  api.post(
    '/api/admin/blocks/actionButtons/update',
    {
      schema: {
        tags,
        summary: 'Replace the action buttons of a block',
        body: ActionButtonsUpdateBody,
        response: { 200: ActionButtonsReply },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { character_id: characterId, block_id: blockId, action_buttons: buttons } = request.body;
      const saved = await audited(
        platform,
        actor,
        'block.action_buttons_updated',
        (tx) => setActionButtons(tx, characterId, blockId, buttons),
        (b) => ({ character_id: characterId, block_id: blockId, count: b.length }),
      );
      return { ok: true as const, action_buttons: saved };
    },
  );
  api.post(
    '/api/admin/blocks/updateBlockLock',
    {
      schema: {
        tags,
        summary: 'Lock and unlock blocks (a locked block cannot be edited)',
        body: UpdateBlockLockBody,
        response: { 200: UpdateBlockLockReply },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { characterId, lockBlockIds, unlockBlockIds } = request.body;
      const result = await audited(
        platform,
        actor,
        'block.locks_updated',
        (tx) => updateBlockLocks(tx, characterId, lockBlockIds, unlockBlockIds),
        (r) => ({ character_id: characterId, ...r }),
      );
      return { ok: true as const, ...result };
    },
  );
  api.post(
    '/api/admin/blocks/characterBlockCopy',
    {
      schema: {
        tags,
        summary: 'Copy blocks (and their videos) to other characters; one collision refuses all',
        body: CharacterBlockCopyBody,
        response: { 200: CopyReply },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { character_id: source, copy_target_character_ids: targets, block_ids: blockIds } = request.body;
      return { ok: true as const, targets: await copyBlocks(platform, actor, source, targets, blockIds) };
    },
  );
  api.post(
    '/api/admin/blocks/copy/:category_id',
    {
      schema: {
        tags,
        summary: 'Copy blocks to every character of a category',
        params: CategoryCopyParams,
        body: CategoryCopyBody,
        response: { 200: CopyReply },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { character_id: source, block_ids: blockIds } = request.body;
      const targets = await categoryCharacterIds(platform, request.params.category_id, source);
      if (targets.length === 0 || blockIds.length === 0) return { ok: true as const, targets: [] };
      return { ok: true as const, targets: await copyBlocks(platform, actor, source, targets, blockIds) };
    },
  );
  api.post(
    '/api/admin/blocks/characterBlockCopy/preview',
    {
      schema: {
        tags,
        summary: 'Dry run of characterBlockCopy: what each target would get, its collisions and cleared transitions',
        body: CharacterBlockCopyBody,
        response: { 200: CopyPreviewReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { character_id: source, copy_target_character_ids: targets, block_ids: blockIds } = request.body;
      return { ok: true as const, ...(await planCopy(platform, source, targets, blockIds)) };
    },
  );
  api.post(
    '/api/admin/blocks/copy/:category_id/preview',
    {
      schema: {
        tags,
        summary: 'Dry run of copy/{category_id}',
        params: CategoryCopyParams,
        body: CategoryCopyBody,
        response: { 200: CopyPreviewReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { character_id: source, block_ids: blockIds } = request.body;
      const targets = await categoryCharacterIds(platform, request.params.category_id, source);
      return { ok: true as const, ...(await planCopy(platform, source, targets, blockIds)) };
    },
  );
  for (const [path, action, clear, summary] of [
    [
      'removeKikiwasure',
      'character.kikiwasure_removed',
      clearKikiwasure,
      "Clear the kikiwasure list and every block's kikiwasure_mode",
    ],
    ['removeSummary', 'character.summary_removed', clearSummary, "Clear the summary and every block's summary_mode"],
  ] as const) {
    api.post(
      `/api/admin/characters/:character_id/${path}`,
      { schema: { tags, summary, params: CharacterIdParams, response: { 200: OkBody } } },
      async (request) => {
        const actor = await actorOf(request);
        const characterId = request.params.character_id;
        await audited(
          platform,
          actor,
          action,
          async (tx) => {
            await requireCharacter(tx, characterId);
            await clear(tx, characterId);
          },
          () => ({ character_id: characterId }),
        );
        return { ok: true as const };
      },
    );
  }
};
