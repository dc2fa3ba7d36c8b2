import type { Collection, DocumentStore, Platform, Transaction } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
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
export const NO_RECOGNITION: CharacterRecognition = {
  es_index_name: '',
  spj_url: '',
  spj_api_key: '',
  blocks: [],
  actions: [],
};

/**
 * Keeps the newest version only: a redelivered or late older publish changes
 * nothing. Returns whether this event was the newest (its index must be rebuilt).
 */
export async function rememberRecognition(tx: Transaction, event: EventOf<'character.published'>): Promise<boolean> {
  const { character_id: id, name, version } = event.data;
  const characters = openRecognitionCharacters(tx);
  const known = await characters.findOne({ _id: id }, { projection: { version: 1 } });
  if (known && known.version >= version) return false;
  const doc = {
    name,
    version,
    recognition: event.data.recognition ?? NO_RECOGNITION,
    price: event.data.price ?? 0,
    group_id: event.data.group_id ?? null,
  };
  await characters.updateOne({ _id: id }, { $set: doc }, { upsert: true });
  return true;
}

export async function forgetRecognition(tx: Transaction, characterId: string): Promise<RecognitionCharacterDoc | null> {
  const characters = openRecognitionCharacters(tx);
  const known = await characters.findOne({ _id: characterId });
  if (known) await characters.deleteOne({ _id: characterId });
  return known;
}

type KeyField = 'spj_api_key' | 'google_key';

/**
 * A character's key in clear, for the one call that sends it (SPJ, speech-to-text).
 * One that does not open (sealed with another key or IV than this process
 * holds) counts as not set, logged without the value: the player falls back
 * as it does for a missing key (SPEC §8).
 */
export function openedKey(
  credentials: CredentialCipher,
  logger: Platform['logger'],
  characterId: string,
  field: KeyField,
  stored: string | undefined,
): string {
  try {
    return credentials.open(field, stored ?? '').trim();
  } catch {
    logger.warn(
      { character_id: characterId, field },
      'a stored credential does not open with CREDENTIALS_KEY/CREDENTIALS_IV: treated as not set',
    );
    return '';
  }
}

/**
 * The start-up pass that seals keys kept in clear (published before sealing
 * existed, or by an older catalog); a no-op once all are sealed.
 */
export async function sealRecognitionCredentials(store: DocumentStore, credentials: CredentialCipher): Promise<number> {
  const characters = openRecognitionCharacters(store);
  let sealed = 0;
  for (const doc of await characters.find(
    {},
    { projection: { 'recognition.spj_api_key': 1, 'recognition.google_key': 1 } },
  )) {
    const set: Record<string, string> = {};
    for (const field of ['spj_api_key', 'google_key'] as const) {
      const value = doc.recognition?.[field];
      if (value && !credentials.isSealed(value)) set[`recognition.${field}`] = credentials.seal(field, value);
    }
    if (Object.keys(set).length === 0) continue;
    await characters.updateOne({ _id: doc._id }, { $set: set });
    sealed += 1;
  }
  return sealed;
}

export async function loadRecognition(store: Store, characterId: string): Promise<RecognitionCharacterDoc | null> {
  return openRecognitionCharacters(store).findOne({ _id: characterId });
}
