import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { isNotOlder, keySeqAs } from '@talkwith/platform/eventing';
import type { EventOf } from '@talkwith/proto';
import type { LockedBlock } from '@talkwith/proto/catalog';
import type { PublicCharacter } from '@talkwith/proto/dialogue';
import { blockBlockReferences } from '@talkwith/dialogue-engine';
import { draftWithoutBlock, withoutReferences } from './authoring/references.ts';
import { draftListsOf } from './authoring/drafts.ts';
import { blockErrors } from './errors.ts';

/**
 * Serial-locked blocks (services/engagement/API.md § Serials). Once a serial
 * batch names a block (`coupon.saved`), the block is locked: a player is
 * served the character without it unless the caller redeemed a serial of it
 * (`serial.redeemed`). Both are projections of engagement's events, kept here
 * so serving a character asks no other service.
 */
interface GateDoc {
  _id: string;
  character_id: string;
  block_id: string;
  /** The batch's name (absent for batches announced before coupon.saved carried it). */
  name?: string;
  /** When engagement published what was applied last: an announcement older than it never overwrites it. */
  as_of?: string;
  /** Engagement's write number for the batch (`keySeq`) of that event, when it carried one: compared instead of `as_of`. */
  as_of_seq?: number;
  [key: string]: unknown;
}
interface UnlockDoc {
  _id: string;
  user_id: string;
  character_id: string;
  block_id: string;
  at: string;
  [key: string]: unknown;
}

const gatesIn = (store: DocumentStore | Transaction): Collection<GateDoc> => store.collection<GateDoc>('serial_gates');
const unlocksIn = (store: DocumentStore | Transaction): Collection<UnlockDoc> =>
  store.collection<UnlockDoc>('block_unlocks');

export async function ensureSerialGateIndexes(store: DocumentStore): Promise<void> {
  await gatesIn(store).createIndex({ character_id: 1 });
  await unlocksIn(store).createIndex({ user_id: 1, character_id: 1 });
}

export const SERIAL_GATE_EVENTS = [
  'coupon.saved',
  'coupon.announced',
  'serial.redeemed',
  'redemption.announced',
  'user.deleted',
] as const;
export type SerialGateEvent = EventOf<(typeof SERIAL_GATE_EVENTS)[number]>;

/** Where the kept gate stands in engagement's writes to its batch. */
async function gateMark(tx: Transaction, couponId: string) {
  const gate = await gatesIn(tx).findOne({ _id: couponId }, { projection: { as_of: 1, as_of_seq: 1 } });
  return gate && { at: gate.as_of, seq: gate.as_of_seq };
}

/**
 * Consumer group `catalog-serial-gates`: each event once, in `tx`. The
 * announcements (engagement answering catalog's facts.requested on start)
 * rebuild the gates and unlocks; an announced batch older than the gate
 * kept never overwrites it, an unlock is only ever inserted.
 */
export async function onSerialGateEvent(tx: Transaction, event: SerialGateEvent): Promise<void> {
  switch (event.type) {
    case 'coupon.saved':
    case 'coupon.announced': {
      const { coupon_id, character_id, block_id, name } = event.data;
      if (event.type === 'coupon.announced' && !isNotOlder(event, await gateMark(tx, coupon_id))) return;
      await gatesIn(tx).updateOne(
        { _id: coupon_id },
        {
          $set: {
            character_id,
            block_id,
            as_of: event.occurredAt,
            ...keySeqAs('as_of_seq', event),
            ...(name === undefined ? {} : { name }),
          },
        },
        { upsert: true },
      );
      return;
    }
    case 'serial.redeemed':
    case 'redemption.announced': {
      const { user_id, character_id, block_id, redeemed_at } = event.data;
      await unlocksIn(tx).updateOne(
        { _id: `${user_id}:${character_id}:${block_id}` },
        { $setOnInsert: { user_id, character_id, block_id, at: redeemed_at } },
        { upsert: true },
      );
      return;
    }
    case 'user.deleted':
      await unlocksIn(tx).deleteMany({ user_id: event.data.user_id });
  }
}

/** A serial batch that unlocks a block (catalog API.md § Serial-locked blocks). */
export interface UnlockingBatch {
  coupon_id: string;
  name: string | null;
  block_id: string;
}

/**
 * The serial batches that unlock any of these blocks of the character: such
 * a block cannot be deleted (the printed codes would unlock nothing), so
 * deleting it, by the block route or by an import, is refused naming them.
 */
export async function batchesUnlocking(
  store: DocumentStore | Transaction,
  characterId: string,
  blockIds: readonly string[],
): Promise<UnlockingBatch[]> {
  if (blockIds.length === 0) return [];
  const gates = await gatesIn(store).find(
    { character_id: characterId, block_id: { $in: [...blockIds] } },
    { limit: 100 },
  );
  return gates.map((g) => ({ coupon_id: g._id, name: g.name ?? null, block_id: g.block_id }));
}

/** 409 BLOCK_UNLOCKED_BY_SERIAL when a serial batch unlocks one of the blocks, naming the batches. */
export async function refuseSerialBlockRemoval(
  tx: Transaction,
  characterId: string,
  blockIds: readonly string[],
): Promise<void> {
  const batches = await batchesUnlocking(tx, characterId, blockIds);
  if (batches.length === 0) return;
  const names = batches.map((b) => `「${b.name ?? b.coupon_id}」`).join('、');
  const blocks = [...new Set(batches.map((b) => `「${b.block_id}」`))].join('、');
  throw blockErrors.unlockedBySerial(blocks, names, batches);
}

/** The character's locked blocks the user (undefined = logged out) has not unlocked. */
export async function lockedBlocksFor(
  store: DocumentStore,
  characterId: string,
  userId: string | undefined,
): Promise<Set<string>> {
  const gates = await gatesIn(store).find({ character_id: characterId }, { limit: 1000 });
  if (gates.length === 0) return new Set();
  const locked = new Set(gates.map((g) => g.block_id));
  if (userId)
    for (const u of await unlocksIn(store).find({ user_id: userId, character_id: characterId }, { limit: 1000 }))
      locked.delete(u.block_id);
  return locked;
}

/**
 * The dialogue without the locked blocks and every path into them (other
 * blocks' references, start buttons, the character-level lists, the default
 * button and the mic-test block), and what was left out, for the player's
 * locked buttons. Blocks the character does not have are ignored.
 */
export function withoutLockedBlocks(
  dialogue: PublicCharacter,
  locked: ReadonlySet<string>,
): { dialogue: PublicCharacter; locked: LockedBlock[] } {
  const gone = dialogue.blocks.filter((b) => locked.has(b.id));
  if (gone.length === 0) return { dialogue, locked: [] };
  const ids = new Set(gone.map((b) => b.id));
  let lists = draftListsOf(dialogue);
  for (const id of ids) lists = draftWithoutBlock(id, lists);
  const blocks = dialogue.blocks
    .filter((b) => !ids.has(b.id))
    .map((b) => {
      // Only block references go (a video may share an id with a locked block).
      const blockFields = new Set(blockBlockReferences(b).map((ref) => ref.field));
      return withoutReferences(b, (ref) => ids.has(ref.id) && blockFields.has(ref.field));
    });
  const buttons = new Set(lists.startButtons.map((s) => s.id));
  const setting = {
    ...dialogue.setting,
    default_start_button_id:
      dialogue.setting.default_start_button_id && buttons.has(dialogue.setting.default_start_button_id)
        ? dialogue.setting.default_start_button_id
        : null,
    for_mic_test:
      dialogue.setting.for_mic_test && ids.has(dialogue.setting.for_mic_test) ? null : dialogue.setting.for_mic_test,
  };
  return {
    dialogue: { ...dialogue, ...lists, blocks, setting },
    locked: gone.map((b) => {
      const button = dialogue.startButtons.find((s) => s.block_id === b.id);
      return {
        block_id: b.id,
        title: b.title,
        ...(b.title_i18n ? { title_i18n: b.title_i18n } : {}),
        start_button_title: button?.title ?? null,
        ...(button?.title_i18n ? { start_button_title_i18n: button.title_i18n } : {}),
      };
    }),
  };
}
