import type {
  BlockPatch,
  BlockReply,
  CharacterFault,
  GraphPositions,
  GraphPositionsBody,
  GraphPositionsReply,
  NewBlock,
  NewBlocksReply,
  UpdateBlockLockReply,
} from '@talkwith/proto/catalog';
import type { Block, Character } from '@talkwith/proto/dialogue';
import { api } from '../../../api/index.ts';
import { adminUrl } from '../adminApi.ts';

type WithBase<T> = T & { base: string };

export interface BlockEditorData {
  ok: true;
  character: Character;
  faults: CharacterFault[];
  /** Where the operator put blocks on the graph (absent from an older server: all laid out automatically). */
  positions?: GraphPositions;
}

const blockPath = (characterId: string, blockId: string) =>
  `blocks/${encodeURIComponent(characterId)}/${encodeURIComponent(blockId)}`;

/**
 * The block editor's calls (services/catalog/API.md, "Blocks"). Edits patch the
 * cached character instead of refetching it, so the graph keeps its layout; the
 * other admin pages' character and fault caches are invalidated.
 */
const withTags = api.enhanceEndpoints({ addTagTypes: ['AdminBlockEditor', 'AdminCharacter', 'AdminFaults'] });

type Patch = (draft: BlockEditorData) => void;

export const blocksApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    blockEditorCharacter: build.query<BlockEditorData, WithBase<{ characterId: string }>>({
      query: ({ base, characterId }) => adminUrl(base, `characters/${encodeURIComponent(characterId)}/all`),
      providesTags: (_r, _e, { characterId }) => [{ type: 'AdminBlockEditor', id: characterId }],
    }),
    createBlock: build.mutation<NewBlocksReply, WithBase<{ characterId: string; block: NewBlock }>>({
      query: ({ base, characterId, block }) => ({
        url: adminUrl(base, 'blocks'),
        method: 'POST',
        body: { character_id: characterId, block },
      }),
      invalidatesTags: ['AdminCharacter', 'AdminFaults'],
      onQueryStarted: (arg, { dispatch, queryFulfilled }) =>
        patchOnSuccess(arg, queryFulfilled, dispatch, (reply) => (d) => {
          d.character.blocks.push(reply.block);
        }),
    }),
    updateBlock: build.mutation<BlockReply, WithBase<{ characterId: string; blockId: string; patch: BlockPatch }>>({
      query: ({ base, characterId, blockId, patch }) => ({
        url: adminUrl(base, blockPath(characterId, blockId)),
        method: 'PUT',
        body: patch,
      }),
      invalidatesTags: ['AdminCharacter', 'AdminFaults'],
      onQueryStarted: (arg, { dispatch, queryFulfilled }) =>
        patchOnSuccess(arg, queryFulfilled, dispatch, (reply) => (d) => replaceBlock(d, reply.block)),
    }),
    deleteBlock: build.mutation<{ ok: true }, WithBase<{ characterId: string; blockId: string; force: boolean }>>({
      query: ({ base, characterId, blockId, force }) => ({
        url: adminUrl(base, blockPath(characterId, blockId)),
        method: 'DELETE',
        params: force ? { force: true } : undefined,
      }),
      // A forced delete also rewrote the blocks that referred to it: the whole character is fetched again.
      invalidatesTags: (_r, error, { characterId }) =>
        error ? [] : [{ type: 'AdminBlockEditor', id: characterId }, 'AdminCharacter', 'AdminFaults'],
    }),
    /** Moves blocks on the graph (`set`) or forgets every position (`reset`, 「自動配置」); the cached positions follow. */
    updateGraphPositions: build.mutation<
      GraphPositionsReply,
      WithBase<{ characterId: string; body: GraphPositionsBody }>
    >({
      query: ({ base, characterId, body }) => ({
        url: adminUrl(base, `characters/${encodeURIComponent(characterId)}/positions`),
        method: 'PUT',
        body,
      }),
      onQueryStarted: (arg, { dispatch, queryFulfilled }) =>
        patchOnSuccess(arg, queryFulfilled, dispatch, (reply) => (d) => {
          d.positions = reply.positions;
        }),
    }),
    updateBlockLock: build.mutation<
      UpdateBlockLockReply,
      WithBase<{ characterId: string; lockBlockIds: string[]; unlockBlockIds: string[] }>
    >({
      query: ({ base, characterId, lockBlockIds, unlockBlockIds }) => ({
        url: adminUrl(base, 'blocks/updateBlockLock'),
        method: 'POST',
        body: { characterId, lockBlockIds, unlockBlockIds },
      }),
      onQueryStarted: (arg, { dispatch, queryFulfilled }) =>
        patchOnSuccess(arg, queryFulfilled, dispatch, () => (d) => {
          for (const b of d.character.blocks) {
            if (arg.lockBlockIds.includes(b.id)) b.is_edit_locked = true;
            if (arg.unlockBlockIds.includes(b.id)) b.is_edit_locked = false;
          }
        }),
    }),
  }),
});

function replaceBlock(d: BlockEditorData, block: Block): void {
  const index = d.character.blocks.findIndex((b) => b.id === block.id);
  if (index >= 0) d.character.blocks[index] = block;
}

type Dispatch = (action: unknown) => unknown;

/** After the server accepted a write, applies it to the cached character (no refetch, no re-layout). */
async function patchOnSuccess<R>(
  arg: WithBase<{ characterId: string }>,
  fulfilled: Promise<{ data: R }>,
  dispatch: Dispatch,
  toPatch: (reply: R) => Patch,
): Promise<void> {
  const outcome = await fulfilled.catch(() => null);
  if (!outcome) return;
  dispatch(
    blocksApi.util.updateQueryData(
      'blockEditorCharacter',
      { base: arg.base, characterId: arg.characterId },
      toPatch(outcome.data),
    ),
  );
}

export const {
  useBlockEditorCharacterQuery,
  useCreateBlockMutation,
  useUpdateBlockMutation,
  useDeleteBlockMutation,
  useUpdateBlockLockMutation,
  useUpdateGraphPositionsMutation,
} = blocksApi;
