import type { DocumentStore, Transaction } from '@talkwith/platform';
import type { AlbumBlock, AlbumReply } from '@talkwith/proto/dialogue';
import { loadRecognition } from '../recognition/characters.ts';
import { talkErrors } from '../errors.ts';
import { albumKey, openAlbum, type AlbumDoc } from './model.ts';

/** The album (API.md § Talks): the blocks of a character a user has found, played or unlocked by a serial. */

export interface Found {
  userId: string;
  characterId: string;
  blockId: string;
  at: string;
}

const identity = (found: Found) => ({
  user_id: found.userId,
  character_id: found.characterId,
  block_id: found.blockId,
});

/** A tracked step: the block counts as played once more; its first time never moves later. */
export async function recordPlayed(tx: Transaction, found: Found): Promise<void> {
  await openAlbum(tx).updateOne(
    { _id: albumKey(found.userId, found.characterId, found.blockId) },
    { $setOnInsert: identity(found), $min: { played_first_at: found.at }, $inc: { played_times: 1 } },
    { upsert: true },
  );
}

/** A redeemed serial unlocked the block (a redelivery changes nothing: `$min` keeps the first time). */
export async function recordSerialUnlock(tx: Transaction, found: Found): Promise<void> {
  await openAlbum(tx).updateOne(
    { _id: albumKey(found.userId, found.characterId, found.blockId) },
    { $setOnInsert: { ...identity(found), played_times: 0 }, $min: { serial_at: found.at } },
    { upsert: true },
  );
}

/** The block's title as the published character has it, with its translations (the album shows the reader's language). */
type Titled = Pick<AlbumBlock, 'title' | 'title_i18n'>;

function albumBlock(doc: AlbumDoc, { title, title_i18n }: Titled): AlbumBlock {
  const times = [doc.played_first_at, doc.serial_at].filter((t): t is string => t !== undefined).sort();
  return {
    block_id: doc.block_id,
    title,
    ...(title_i18n ? { title_i18n } : {}),
    how: doc.played_times > 0 ? 'played' : 'serial',
    first_at: times[0] ?? '',
    times: doc.played_times,
  };
}

/**
 * What the user has found of the published character, in the character's
 * block order. Only blocks it still publishes count: the share is of what
 * can be found today. 404 for a character that is not published.
 */
export async function albumOf(store: DocumentStore, userId: string, characterId: string): Promise<AlbumReply> {
  const character = await loadRecognition(store, characterId);
  if (!character) throw talkErrors.characterNotFound();
  const rows = new Map(
    (await openAlbum(store).find({ user_id: userId, character_id: characterId })).map((row) => [row.block_id, row]),
  );
  const blocks: AlbumBlock[] = [];
  for (const block of character.recognition.blocks) {
    const row = rows.get(block.block_id);
    if (row) blocks.push(albumBlock(row, block));
  }
  const total = character.recognition.blocks.length;
  return {
    ok: true,
    character_id: characterId,
    found: blocks.length,
    total,
    share: total === 0 ? 0 : blocks.length / total,
    blocks,
  };
}
