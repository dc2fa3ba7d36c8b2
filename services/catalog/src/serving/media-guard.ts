import type { DocumentStore } from '@talkwith/platform';
import type { FilesGuard } from '@talkwith/platform/files';
import { openCharacters } from '../characters.ts';

/**
 * Which files the files route serves only with a signed URL: the clips and
 * subtitles of a character with a price (characters/{id}/… except its
 * posters and avatar, which the store page shows; subtitles/{id}/…).
 * A request with a valid signature never asks. A free answer is remembered
 * for a few seconds, so a burst of range requests of a free clip costs one
 * read; a priced answer is never remembered: a refusal always reads the
 * price afresh, so a character just made free plays at once (the player
 * fetches its clips unsigned the moment the catalog serves it free). A
 * character just priced may still be served unsigned for REMEMBER_MS.
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
  /** Until when each character is known to be free. */
  const freeUntil = new Map<string, number>();
  async function priced(characterId: string): Promise<boolean> {
    if ((freeUntil.get(characterId) ?? 0) > now()) return false;
    const found = await openCharacters(store).findOne({ _id: characterId }, { projection: { price: 1 } });
    const answer = (found?.price ?? 0) > 0;
    if (freeUntil.size > 10_000) freeUntil.clear();
    if (answer) freeUntil.delete(characterId);
    else freeUntil.set(characterId, now() + REMEMBER_MS);
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
