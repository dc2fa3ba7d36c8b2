import { isAppError, type FieldKind, type SearchIndex } from '@talkwith/platform';
import type { CharacterRecognition, RecognitionBlock } from '@talkwith/proto/dialogue';

/**
 * A character's blocks in the search port: one document per block (its title
 * and phrases as text), in the index the character names (`es_index_name`)
 * or `recognition-{character_id}`. Documents carry the character id and are
 * keyed by it too, so two characters naming the same index never overwrite
 * or drop each other's blocks.
 */
export const BLOCK_MAPPING: Record<string, FieldKind> = { character_id: 'keyword', block_id: 'keyword', text: 'text' };

/** A block document as indexed. */
export interface BlockDoc {
  character_id: string;
  block_id: string;
  text: string;
  [key: string]: unknown;
}

/** How many writes go to the port at once: the local index coalesces them, Elasticsearch is not flooded. */
const WRITE_CONCURRENCY = 50;

export const indexNameOf = (characterId: string, recognition: Pick<CharacterRecognition, 'es_index_name'>): string =>
  recognition.es_index_name.trim() || `recognition-${characterId}`;

export const blockDocId = (characterId: string, blockId: string): string => `${characterId}:${blockId}`;

function docOf(characterId: string, block: RecognitionBlock): BlockDoc {
  return { character_id: characterId, block_id: block.block_id, text: [block.title, ...block.phrases].join(' ') };
}

async function inBatches<T>(items: T[], write: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += WRITE_CONCURRENCY)
    await Promise.all(items.slice(i, i + WRITE_CONCURRENCY).map(write));
}

/** True when the port refused the index name itself (a setting to fix, not a fault to retry). */
export const isInvalidIndexName = (err: unknown): boolean => isAppError(err) && err.code === 'VALIDATION_FAILED';

/**
 * (Re)builds the character's documents: upserts every current block, then
 * removes the blocks the previous version had and this one has not (from the
 * previous index when the name changed). Idempotent: running it twice for the
 * same version leaves the same documents.
 */
export async function rebuildBlockIndex(
  search: SearchIndex,
  characterId: string,
  current: CharacterRecognition,
  previous: CharacterRecognition | null,
): Promise<void> {
  const index = indexNameOf(characterId, current);
  // The character's synonym groups go to the index's analysis (a shared index takes the last publisher's groups);
  // phrases match by reading and dictionary form too (御飯 = ごはん, 占った = 占う), as in Elasticsearch's kuromoji index.
  await search.ensureIndex(index, BLOCK_MAPPING, {
    synonyms: (current.synonyms ?? []).map((g) => [g.word, ...g.synonyms]),
    readings: true,
  });
  await inBatches(current.blocks, (b) =>
    search.upsert(index, blockDocId(characterId, b.block_id), docOf(characterId, b)),
  );
  if (previous) {
    const before = indexNameOf(characterId, previous);
    const kept = new Set(before === index ? current.blocks.map((b) => b.block_id) : []);
    const gone = previous.blocks.filter((b) => !kept.has(b.block_id));
    await inBatches(gone, (b) => removeQuietly(search, before, blockDocId(characterId, b.block_id)));
  }
  await search.refresh(index);
}

/**
 * Unpublish: drops the character's own index (`recognition-{id}`); an index
 * the character named may be shared, so only its documents leave that one.
 */
export async function dropBlockIndex(
  search: SearchIndex,
  characterId: string,
  recognition: CharacterRecognition,
): Promise<void> {
  const index = indexNameOf(characterId, recognition);
  if (index === indexNameOf(characterId, { es_index_name: '' })) await search.dropIndex(index);
  else await inBatches(recognition.blocks, (b) => removeQuietly(search, index, blockDocId(characterId, b.block_id)));
}

/** A document or index already gone is what removing it wanted. */
async function removeQuietly(search: SearchIndex, index: string, id: string): Promise<void> {
  try {
    await search.remove(index, id);
  } catch (err) {
    if (!(isAppError(err) && err.code === 'NOT_FOUND') && !isInvalidIndexName(err)) throw err;
  }
}
