import { Messages } from '@talkwith/dialogue-engine';
import type { Platform, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { dropBlockIndex, indexNameOf, isInvalidIndexName, rebuildBlockIndex } from './block-index.ts';
import { forgetRecognition, loadRecognition, NO_RECOGNITION, rememberRecognition } from './characters.ts';
import { prepareHitWords } from './understanding/index.ts';

type Ports = Pick<Platform, 'search' | 'logger'>;

/**
 * `character.published`: keeps the newest version and rebuilds its block
 * index. The index is written inside the event's transaction, so a failure
 * rolls the stored version back and the redelivered event builds it again;
 * an older or equal version redelivered changes nothing.
 */
export async function onCharacterPublished(
  ports: Ports,
  event: EventOf<'character.published'>,
  tx: Transaction,
): Promise<void> {
  const id = event.data.character_id;
  const previous = await loadRecognition(tx, id);
  if (!(await rememberRecognition(tx, event))) return;
  const current = event.data.recognition ?? NO_RECOGNITION;
  try {
    await rebuildBlockIndex(ports.search, id, current, previous?.recognition ?? null);
  } catch (err) {
    if (!isInvalidIndexName(err)) throw err;
    // A name the search port refuses is a setting to fix: search still ranks by the phrases meanwhile.
    ports.logger.warn({ character_id: id, index: indexNameOf(id, current) }, Messages.INVALID_SPJ_OR_SEARCH);
  }
  await prepareHitWords([
    ...current.blocks.flatMap((b) => b.phrases),
    ...(current.synonyms ?? []).flatMap((g) => g.synonyms),
  ]);
}

/** `character.unpublished`: the data and the block index go. */
export async function onCharacterUnpublished(
  ports: Ports,
  event: EventOf<'character.unpublished'>,
  tx: Transaction,
): Promise<void> {
  const known = await forgetRecognition(tx, event.data.character_id);
  if (!known) return;
  try {
    await dropBlockIndex(ports.search, known._id, known.recognition);
  } catch (err) {
    if (!isInvalidIndexName(err)) throw err;
  }
}
