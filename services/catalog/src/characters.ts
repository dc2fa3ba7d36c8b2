import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Eventing } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';

export interface Character {
  _id: string;
  name: string;
  description: string;
  published_at: string | null;
  created_at: string;
  [key: string]: unknown;
}

export function openCharacters(store: DocumentStore): Collection<Character> {
  return store.collection<Character>('characters');
}

export async function addCharacter(characters: Collection<Character>, input: { name: string; description: string }): Promise<Character> {
  return characters.insertOne({ _id: randomUUID(), ...input, published_at: null, created_at: new Date().toISOString() });
}

/** Marks the character published and announces it (re-publishing re-announces: consumers upsert). */
export async function publishCharacter(characters: Collection<Character>, events: Eventing, id: string): Promise<Character> {
  const published = await characters.findOneAndUpdate({ _id: id }, { $set: { published_at: new Date().toISOString() } });
  if (!published?.published_at) throw new AppError('NOT_FOUND', 'キャラクターが見つかりません。');
  await events.publish('character.published', id, {
    character_id: id, name: published.name, description: published.description, published_at: published.published_at,
  });
  return published;
}
