import type { DocumentStore } from '@talkwith/platform';
import type { FilesGuard } from '@talkwith/platform/files';
import { openCharacters } from '../characters.ts';

/**
 * Which files the files route serves only with a signed URL: the clips and
 * subtitles of a character with a price (characters/{id}/… except its
 * posters and avatar, which the store page shows; subtitles/{id}/…).
 * The price is read from the store and remembered for a few seconds, so a
 * burst of range requests costs one read; a request with a valid signature
 * never asks.
 */
const REMEMBER_MS = 5_000;
const PUBLIC_PARTS = /^(posters\/|avatar\/|avatar\.[a-z]+$)/;

/** The character a media key belongs to when the key is a clip or subtitle (undefined for posters, avatars and other keys). */
export function guardedCharacterOf(key: string): string | undefined {
  const [root, id, ...rest] = key.split('/');
  if (!id || rest.length === 0) return undefined;
  if (root === 'subtitles') return id;
  if (root === 'characters' && !PUBLIC_PARTS.test(rest.join('/'))) return id;
  return undefined;
}

export function mediaGuard(store: DocumentStore, secret: string, now: () => number = Date.now): FilesGuard {
  const remembered = new Map<string, { priced: boolean; until: number }>();
  async function priced(characterId: string): Promise<boolean> {
    const known = remembered.get(characterId);
    if (known && known.until > now()) return known.priced;
    const found = await openCharacters(store).findOne({ _id: characterId }, { projection: { price: 1 } });
    const answer = (found?.price ?? 0) > 0;
    if (remembered.size > 10_000) remembered.clear();
    remembered.set(characterId, { priced: answer, until: now() + REMEMBER_MS });
    return answer;
  }
  return {
    secret,
    async requiresSignature(key) {
      const characterId = guardedCharacterOf(key);
      return characterId !== undefined && priced(characterId);
    },
  };
}
