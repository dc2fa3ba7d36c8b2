import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import type { CharacterRecognition } from '@talkwith/proto/dialogue';

/**
 * The published characters as dialogue knows them: the latest recognition
 * data of each (`character.published`), shared by the recognition area
 * (search, score, actions) and the talks area (album totals and titles).
 */
export interface RecognitionCharacterDoc {
  _id: string;
  name: string;
  version: number;
  recognition: CharacterRecognition;
  /** Yen (0 = free). Absent in a record kept before prices were: taken as free until the character is published again. */
  price?: number;
  /** The group it is listed in: a subscription of that group covers it. */
  group_id?: string | null;
  [key: string]: unknown;
}

type Store = DocumentStore | Transaction;
export const openRecognitionCharacters = (store: Store): Collection<RecognitionCharacterDoc> =>
  store.collection<RecognitionCharacterDoc>('recognition_characters');

/** What a publish without recognition data (an older catalog) stands for: nothing to search, no SPJ. */
export const NO_RECOGNITION: CharacterRecognition = { es_index_name: '', spj_url: '', spj_api_key: '', blocks: [], actions: [] };

/**
 * Keeps the newest version only: a redelivered or late older publish changes
 * nothing. Returns whether this event was the newest (its index must be rebuilt).
 */
export async function rememberRecognition(tx: Transaction, event: EventOf<'character.published'>): Promise<boolean> {
  const { character_id: id, name, version } = event.data;
  const characters = openRecognitionCharacters(tx);
  const known = await characters.findOne({ _id: id }, { projection: { version: 1 } });
  if (known && known.version >= version) return false;
  const doc = { name, version, recognition: event.data.recognition ?? NO_RECOGNITION, price: event.data.price ?? 0, group_id: event.data.group_id ?? null };
  await characters.updateOne({ _id: id }, { $set: doc }, { upsert: true });
  return true;
}

export async function forgetRecognition(tx: Transaction, characterId: string): Promise<RecognitionCharacterDoc | null> {
  const characters = openRecognitionCharacters(tx);
  const known = await characters.findOne({ _id: characterId });
  if (known) await characters.deleteOne({ _id: characterId });
  return known;
}

export async function loadRecognition(store: Store, characterId: string): Promise<RecognitionCharacterDoc | null> {
  return openRecognitionCharacters(store).findOne({ _id: characterId });
}
