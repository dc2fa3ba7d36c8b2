import type { DocumentStore, Transaction } from '@talkwith/platform';
import type { GraphPositions, GraphPositionsBody } from '@talkwith/proto/catalog';
import { GRAPH_POSITIONS_MAX } from '@talkwith/proto/catalog';
import { openCharacters, type Character } from '../characters.ts';
import { openBlocks } from '../model.ts';
import { requireCharacter } from './character-admin.ts';
import { blockErrors } from '../errors.ts';

/**
 * The graph positions the operator set (proto authoring-layout.ts), stored on
 * the character beside its draft as `graph_positions`. Only the console reads
 * them: they are not part of the dialogue, so publishing, versions and exports
 * leave them out. Not audited: moving a block on the canvas changes nothing a
 * player or a published version sees.
 */
type StoreOrTx = DocumentStore | Transaction;

const storedPositions = (c: Character): GraphPositions => (c.graph_positions ?? {}) as GraphPositions;

/** The stored positions of the blocks the character still has (a deleted block's position is not answered). */
export async function graphPositionsOf(
  store: StoreOrTx,
  characterId: string,
  character?: Character,
): Promise<GraphPositions> {
  const c = character ?? (await requireCharacter(store, characterId));
  const stored = storedPositions(c);
  if (Object.keys(stored).length === 0) return {};
  const blocks = new Set(
    (await openBlocks(store).find({ character_id: characterId }, { projection: { id: 1 } })).map((b) => b.id),
  );
  return Object.fromEntries(Object.entries(stored).filter(([id]) => blocks.has(id)));
}

/** Moves blocks (`set`) after forgetting every stored position when `reset`; an id the character does not have is 400 VALIDATION_FAILED. */
export async function updateGraphPositions(
  tx: Transaction,
  characterId: string,
  body: GraphPositionsBody,
): Promise<GraphPositions> {
  const set = body.set ?? {};
  const ids = Object.keys(set);
  if (ids.length > 0) {
    const known = new Set(
      (await openBlocks(tx).find({ character_id: characterId, id: { $in: ids } }, { projection: { id: 1 } })).map(
        (b) => b.id,
      ),
    );
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw blockErrors.unknownPositions(unknown);
  }
  const kept = body.reset ? {} : await graphPositionsOf(tx, characterId);
  const positions = { ...kept, ...set };
  if (Object.keys(positions).length > GRAPH_POSITIONS_MAX) throw blockErrors.tooManyPositions(GRAPH_POSITIONS_MAX);
  await openCharacters(tx).updateOne(
    { _id: characterId },
    { $set: { graph_positions: positions, updated_at: new Date().toISOString() } },
  );
  return positions;
}
