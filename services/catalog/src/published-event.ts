import type { EventOf } from '@talkwith/proto';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import { recognitionSnapshot } from './recognition-snapshot.ts';

export type CharacterPublishedData = EventOf<'character.published'>['data'];

/**
 * What `character.published` says of a snapshot: one place for the admin's
 * publish and the demo seed, so a seeded character announces the same facts
 * (price, slug, recognition with its action prices, block ids) as a published one.
 */
export function characterPublishedData(
  character: { _id: string; name: string; description: string; price?: number | null; slug?: string | null },
  snapshot: DialogueCharacter,
  at: { published_at: string; version: number },
): CharacterPublishedData {
  return {
    character_id: character._id, name: character.name, description: character.description, published_at: at.published_at, version: at.version,
    price: character.price ?? 0, ...(character.slug ? { slug: character.slug } : {}),
    recognition: recognitionSnapshot(character._id, snapshot), block_ids: snapshot.blocks.map((b) => b.id),
  };
}
