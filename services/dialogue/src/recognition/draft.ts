import type { Collection, DocumentStore, Platform, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { isInvalidIndexName, rebuildBlockIndex } from './block-index.ts';
import type { RecognitionCharacterDoc } from './characters.ts';

/**
 * Drafts an operator tries (`character.draft_tried`, catalog's serving/draft.ts):
 * their recognition data kept apart from the published characters, under
 * `draft-{character_id}`, and indexed by the same rebuildBlockIndex as a
 * publish, always in their own index (`recognition-draft-{id}`, never a shared
 * `es_index_name`), so trying a draft can never change what customers match.
 * Search and score read them through the same code with this loader
 * (draft-routes.ts, admin only).
 */
type Store = DocumentStore | Transaction;
const openDraftRecognitions = (store: Store): Collection<RecognitionCharacterDoc> =>
  store.collection<RecognitionCharacterDoc>('draft_recognition_characters');

export const draftKeyOf = (characterId: string): string => `draft-${characterId}`;

export async function loadDraftRecognition(store: Store, characterId: string): Promise<RecognitionCharacterDoc | null> {
  return openDraftRecognitions(store).findOne({ _id: draftKeyOf(characterId) });
}

/** Keeps the draft's latest recognition and rebuilds its index (removing blocks the previous try had). */
export async function onDraftTried(
  ports: Pick<Platform, 'search' | 'logger'>,
  event: EventOf<'character.draft_tried'>,
  tx: Transaction,
): Promise<void> {
  const id = draftKeyOf(event.data.character_id);
  const drafts = openDraftRecognitions(tx);
  const previous = await drafts.findOne({ _id: id });
  const recognition = { ...event.data.recognition, es_index_name: '' };
  await drafts.updateOne(
    { _id: id },
    { $set: { name: id, version: (previous?.version ?? 0) + 1, recognition } },
    { upsert: true },
  );
  try {
    await rebuildBlockIndex(ports.search, id, recognition, previous?.recognition ?? null);
  } catch (err) {
    if (!isInvalidIndexName(err)) throw err;
    ports.logger.warn(
      { character_id: event.data.character_id },
      'draft recognition: the search port refused the draft index',
    );
  }
}
