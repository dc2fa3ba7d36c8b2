import { Type, type Static } from '@sinclair/typebox';
import { ActionButton, Block } from '../dialogue/block.ts';
import { bounded, withoutDefaults } from './limits.ts';

/** Admin block authoring (services/catalog/API.md, "Blocks"). */

const BOUNDS = { maxLength: 5000, maxItems: 1000 };
const Id = Type.String({ minLength: 1, maxLength: 100 });
const IdList = (maxItems: number) => Type.Array(Id, { maxItems });

export const CharacterBlocksBody = Type.Object({ character_id: Id }, { additionalProperties: false });
export type CharacterBlocksBody = Static<typeof CharacterBlocksBody>;
/**
 * Replies holding a whole Block are exported through Type.Unsafe with their
 * static type computed once here: inferring them inside Fastify's route
 * types is too deep for TypeScript (TS2589). The JSON schema is the same.
 */
const BlocksReplySchema = Type.Object({ ok: Type.Literal(true), blocks: Type.Array(Block) });
export type BlocksReply = Static<typeof BlocksReplySchema>;
export const BlocksReply = Type.Unsafe<BlocksReply>(BlocksReplySchema);

/**
 * A block to create: any Block field (Fastify fills the absent ones with
 * their defaults); id generated when absent; the owner is the body's
 * character_id. Partial, because the full static type is too deep for
 * Fastify's route types (TS2589); the service completes it with Value.Cast.
 */
export const NewBlock = Type.Partial(
  bounded(
    Type.Object({
      ...Block.properties,
      id: Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: '^[^/\\s]+$',
        description: 'block id (no slash or space); generated when absent',
      }),
    }),
    BOUNDS,
  ),
);
export type NewBlock = Static<typeof NewBlock>;

/** POST /api/admin/blocks: one block, or several that may refer to each other (created together). */
export const NewBlocksBody = Type.Object(
  {
    character_id: Id,
    block: Type.Optional(NewBlock),
    blocks: Type.Optional(Type.Array(NewBlock, { minItems: 1, maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type NewBlocksBody = Static<typeof NewBlocksBody>;
const NewBlocksReplySchema = Type.Object({ ok: Type.Literal(true), block: Block, blocks: Type.Array(Block) });
export type NewBlocksReply = Static<typeof NewBlocksReplySchema>;
export const NewBlocksReply = Type.Unsafe<NewBlocksReply>(NewBlocksReplySchema);

export const BlockParams = Type.Object({ character_id: Id, block_id: Id });
export type BlockParams = Static<typeof BlockParams>;

/** An edit: any Block field but its id, owner and lock (locking goes through updateBlockLock). */
export const BlockPatch = withoutDefaults(
  Type.Partial(bounded(Type.Omit(Block, ['id', 'character_id', 'is_edit_locked']), BOUNDS), {
    additionalProperties: false,
  }),
);
export type BlockPatch = Static<typeof BlockPatch>;
const BlockReplySchema = Type.Object({ ok: Type.Literal(true), block: Block });
export type BlockReply = Static<typeof BlockReplySchema>;
export const BlockReply = Type.Unsafe<BlockReply>(BlockReplySchema);

export const DeleteBlockQuery = Type.Object(
  { force: Type.Boolean({ default: false, description: 'also remove every reference to the block' }) },
  { additionalProperties: false },
);
export type DeleteBlockQuery = Static<typeof DeleteBlockQuery>;

/** Where a block is referred to: by another block's field, a start button, a setting or a character-level list. */
export const BlockReference = Type.Object({
  kind: Type.Union([
    Type.Literal('block'),
    Type.Literal('start_button'),
    Type.Literal('setting'),
    Type.Literal('character'),
  ]),
  id: Type.String({ description: 'the referring block or start button; the setting field; the character list' }),
  field: Type.String(),
});
export type BlockReference = Static<typeof BlockReference>;
export const DeleteBlockReply = Type.Object({ ok: Type.Literal(true), removed_references: Type.Array(BlockReference) });
export type DeleteBlockReply = Static<typeof DeleteBlockReply>;

export const ActionButtonsBody = Type.Object({ character_id: Id, block_id: Id }, { additionalProperties: false });
export type ActionButtonsBody = Static<typeof ActionButtonsBody>;
export const ActionButtonsUpdateBody = Type.Object(
  {
    character_id: Id,
    block_id: Id,
    action_buttons: Type.Array(bounded(ActionButton, BOUNDS), { maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type ActionButtonsUpdateBody = Static<typeof ActionButtonsUpdateBody>;
export const ActionButtonsReply = Type.Object({ ok: Type.Literal(true), action_buttons: Type.Array(ActionButton) });
export type ActionButtonsReply = Static<typeof ActionButtonsReply>;

export const UpdateBlockLockBody = Type.Object(
  {
    characterId: Id,
    unlockBlockIds: Type.Array(Id, { maxItems: 5000, default: [] }),
    lockBlockIds: Type.Array(Id, { maxItems: 5000, default: [] }),
  },
  { additionalProperties: false },
);
export type UpdateBlockLockBody = Static<typeof UpdateBlockLockBody>;
export const UpdateBlockLockReply = Type.Object({
  ok: Type.Literal(true),
  locked: Type.Array(Type.String()),
  unlocked: Type.Array(Type.String()),
});
export type UpdateBlockLockReply = Static<typeof UpdateBlockLockReply>;

export const CharacterBlockCopyBody = Type.Object(
  {
    character_id: Id,
    copy_target_character_ids: Type.Array(Id, { minItems: 1, maxItems: 100 }),
    block_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type CharacterBlockCopyBody = Static<typeof CharacterBlockCopyBody>;
export const CategoryCopyParams = Type.Object({ category_id: Id });
export type CategoryCopyParams = Static<typeof CategoryCopyParams>;
export const CategoryCopyBody = Type.Object(
  { character_id: Id, block_ids: IdList(1000) },
  { additionalProperties: false },
);
export type CategoryCopyBody = Static<typeof CategoryCopyBody>;

/** A reference of a copied block that was cleared: it named a block the target does not have. */
export const DroppedReference = Type.Object({ block_id: Type.String(), field: Type.String(), id: Type.String() });
export type DroppedReference = Static<typeof DroppedReference>;
export const CopyTargetResult = Type.Object({
  character_id: Type.String(),
  blocks: Type.Array(Type.String()),
  videos: Type.Array(Type.String()),
  dropped_references: Type.Array(DroppedReference),
});
export type CopyTargetResult = Static<typeof CopyTargetResult>;
export const CopyReply = Type.Object({ ok: Type.Literal(true), targets: Type.Array(CopyTargetResult) });
export type CopyReply = Static<typeof CopyReply>;
/** 409 COPY_COLLISION lists these: an id that already exists in a target. */
export const CopyCollision = Type.Object({
  character_id: Type.String(),
  kind: Type.Union([Type.Literal('block'), Type.Literal('video')]),
  id: Type.String(),
});
export type CopyCollision = Static<typeof CopyCollision>;

/** A reference of a copied block to a block or clip outside the copied set, and what the copy makes of it. */
export const OutsideReference = Type.Object({
  block_id: Type.String(),
  field: Type.String(),
  id: Type.String(),
  /** kept: the target has a block of that id and the copy leads there; cleared: the copy drops it. */
  resolution: Type.Union([Type.Literal('kept'), Type.Literal('cleared')]),
});
export type OutsideReference = Static<typeof OutsideReference>;
/** What a copy would create in one target (the dry run's answer); `collisions` non-empty refuses the whole copy. */
export const CopyPlanTarget = Type.Object({
  character_id: Type.String(),
  name: Type.String(),
  blocks: Type.Array(Type.String()),
  videos: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
  /** Subtitle files copied with the clips, `{language}/{title}.vtt`. */
  subtitles: Type.Array(Type.String()),
  collisions: Type.Array(Type.Object({ kind: CopyCollision.properties.kind, id: Type.String() })),
  outside_references: Type.Array(OutsideReference),
});
export type CopyPlanTarget = Static<typeof CopyPlanTarget>;
export const CopyPreviewReply = Type.Object({
  ok: Type.Literal(true),
  source: Type.Object({ character_id: Type.String(), name: Type.String() }),
  /** False when a target has an id the copy would create: the copy would be refused (409 COPY_COLLISION) for every target. */
  can_copy: Type.Boolean(),
  targets: Type.Array(CopyPlanTarget),
});
export type CopyPreviewReply = Static<typeof CopyPreviewReply>;
