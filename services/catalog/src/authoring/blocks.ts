import { randomBytes } from 'node:crypto';
import type { DocumentStore, Transaction } from '@talkwith/platform';
import type { BlockPatch, BlockReference, NewBlock } from '@talkwith/proto/catalog';
import { Value } from '@sinclair/typebox/value';
import { Block, type ActionButton } from '@talkwith/proto/dialogue';
import { openCharacters, type Character } from '../characters.ts';
import { blockOf, defaultSetting, emptyDraft, localId, openBlocks, openVideos, type BlockDoc } from '../model.ts';
import { refuseSerialBlockRemoval } from '../serial-gates.ts';
import { requireCharacter } from './character-admin.ts';
import {
  checkBlockReferences,
  draftWithoutBlock,
  referencesTo,
  withoutReferences,
  type KnownIds,
} from './references.ts';
import { blockErrors } from '../errors.ts';

type StoreOrTx = DocumentStore | Transaction;

export const newBlockId = () => `b-${randomBytes(4).toString('hex')}`;

export async function blocksOf(store: StoreOrTx, characterId: string): Promise<Block[]> {
  await requireCharacter(store, characterId);
  return (await openBlocks(store).find({ character_id: characterId }, { sort: { id: 1 } })).map(blockOf);
}

async function knownIds(tx: Transaction, characterId: string, extraBlocks: string[] = []): Promise<KnownIds> {
  const [blocks, videos] = await Promise.all([
    openBlocks(tx).find({ character_id: characterId }, { projection: { id: 1 } }),
    openVideos(tx).find({ character_id: characterId }, { projection: { id: 1 } }),
  ]);
  return { blocks: new Set([...blocks.map((b) => b.id), ...extraBlocks]), videos: new Set(videos.map((v) => v.id)) };
}

export async function requireBlock(store: StoreOrTx, characterId: string, blockId: string): Promise<BlockDoc> {
  const doc = await openBlocks(store).findOne({ _id: localId(characterId, blockId) });
  if (!doc) throw blockErrors.notFound(blockId);
  return doc;
}

/** Creates blocks that may name each other (and themselves); ids generated when absent; a taken id is 409 DUPLICATE_KEY. */
export async function createBlocks(tx: Transaction, characterId: string, input: NewBlock[]): Promise<Block[]> {
  await requireCharacter(tx, characterId);
  // The route's validator already filled every default; Cast completes the static type (and would fill any gap the same way).
  const blocks = input.map((b) => Value.Cast(Block, { ...b, id: b.id ?? newBlockId(), character_id: characterId }));
  const ids = blocks.map((b) => b.id);
  const known = await knownIds(tx, characterId);
  const taken = ids.find((id, i) => known.blocks.has(id) || ids.indexOf(id) !== i);
  if (taken) throw blockErrors.idTaken(taken);
  const withNew: KnownIds = { blocks: new Set([...known.blocks, ...ids]), videos: known.videos };
  for (const b of blocks) checkBlockReferences(b, withNew);
  const now = new Date().toISOString();
  await openBlocks(tx).insertMany(blocks.map((b) => ({ ...b, _id: localId(characterId, b.id), updated_at: now })));
  return blocks;
}

/** A partial edit of an unlocked block; the result must not dangle. */
export async function editBlock(
  tx: Transaction,
  characterId: string,
  blockId: string,
  patch: BlockPatch,
): Promise<Block> {
  const doc = await requireBlock(tx, characterId, blockId);
  if (doc.is_edit_locked) throw blockErrors.locked(blockId);
  const edited: Block = { ...blockOf(doc), ...patch };
  checkBlockReferences(edited, await knownIds(tx, characterId));
  await openBlocks(tx).updateOne({ _id: doc._id }, { $set: { ...patch, updated_at: new Date().toISOString() } });
  return edited;
}

export async function setActionButtons(
  tx: Transaction,
  characterId: string,
  blockId: string,
  buttons: ActionButton[],
): Promise<ActionButton[]> {
  return (await editBlock(tx, characterId, blockId, { action_buttons: buttons })).action_buttons;
}

/**
 * Deletes an unlocked block. While anything names it the delete is refused
 * (409 BLOCK_REFERENCED, every reference listed) unless `force`, which removes
 * those references in the same transaction (a locked referring block still refuses).
 * A block a serial batch unlocks is refused even with `force` (409
 * BLOCK_UNLOCKED_BY_SERIAL naming the batches).
 */
export async function deleteBlock(
  tx: Transaction,
  characterId: string,
  blockId: string,
  force: boolean,
): Promise<BlockReference[]> {
  const character = await requireCharacter(tx, characterId);
  const doc = await requireBlock(tx, characterId, blockId);
  if (doc.is_edit_locked) throw blockErrors.locked(blockId);
  await refuseSerialBlockRemoval(tx, characterId, [blockId]);
  const docs = await openBlocks(tx).find({ character_id: characterId });
  const references = referencesTo(blockId, docs.map(blockOf), character);
  if (references.length > 0 && !force) {
    throw blockErrors.referenced(blockId, references);
  }
  const referring = new Set(references.filter((r) => r.kind === 'block').map((r) => r.id));
  const lockedReferrer = docs.find((d) => referring.has(d.id) && d.is_edit_locked);
  if (lockedReferrer) throw blockErrors.locked(lockedReferrer.id);
  const now = new Date().toISOString();
  for (const d of docs.filter((x) => referring.has(x.id))) {
    const pruned = withoutReferences(blockOf(d), (ref) => ref.id === blockId);
    await openBlocks(tx).updateOne({ _id: d._id }, { $set: { ...pruned, updated_at: now } });
  }
  await removeFromCharacter(tx, characterId, character, blockId);
  await openBlocks(tx).deleteOne({ _id: doc._id });
  return references;
}

async function removeFromCharacter(
  tx: Transaction,
  characterId: string,
  character: Pick<Character, 'setting' | 'draft'>,
  blockId: string,
): Promise<void> {
  const draft = draftWithoutBlock(blockId, character.draft ?? emptyDraft());
  const setting = { ...(character.setting ?? defaultSetting(characterId)) };
  if (setting.for_mic_test === blockId) setting.for_mic_test = null;
  if (setting.default_start_button_id && !draft.startButtons.some((b) => b.id === setting.default_start_button_id))
    setting.default_start_button_id = null;
  await openCharacters(tx).updateOne(
    { _id: characterId },
    { $set: { draft, setting, updated_at: new Date().toISOString() } },
  );
}

/** Locks and unlocks blocks; ids the character does not have are refused (400, listed) before anything changes. */
export async function updateBlockLocks(
  tx: Transaction,
  characterId: string,
  lock: string[],
  unlock: string[],
): Promise<{ locked: string[]; unlocked: string[] }> {
  await requireCharacter(tx, characterId);
  const both = lock.filter((id) => unlock.includes(id));
  if (both.length > 0) throw blockErrors.lockAndUnlock(both);
  const known = (await knownIds(tx, characterId)).blocks;
  const unknown = [...new Set([...lock, ...unlock].filter((id) => !known.has(id)))];
  if (unknown.length > 0) throw blockErrors.unknownBlocks(unknown);
  const now = new Date().toISOString();
  if (lock.length > 0)
    await openBlocks(tx).updateMany(
      { character_id: characterId, id: { $in: lock } },
      { $set: { is_edit_locked: true, updated_at: now } },
    );
  if (unlock.length > 0)
    await openBlocks(tx).updateMany(
      { character_id: characterId, id: { $in: unlock } },
      { $set: { is_edit_locked: false, updated_at: now } },
    );
  return { locked: [...new Set(lock)], unlocked: [...new Set(unlock)] };
}
