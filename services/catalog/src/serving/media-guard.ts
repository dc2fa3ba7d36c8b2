import type { DocumentStore } from '@talkwith/platform';
import type { FilesGuard } from '@talkwith/platform/files';
import { mediaKeys, openCharacters, type Character } from '../characters.ts';

/**
 * Which files the files route serves only with a signed URL: the clips and
 * subtitles (characters/{id}/… except its posters and avatar, which the store
 * page shows; subtitles/{id}/…) of a character with a price, of one not
 * published, and those of a published free character that its published
 * snapshot does not hold (a clip only the draft has: operators try drafts
 * with URLs signed for them, serving/draft.ts). What is published and free
 * stays public. A request with a valid signature never asks. What is public
 * is remembered for a few seconds, so a burst of range requests of a public
 * clip costs one read; a refusal always reads afresh, so a character just
 * made free (or published) plays at once: its player fetches the clips
 * unsigned the moment the catalog serves it so. A character just priced may
 * still be served unsigned for REMEMBER_MS.
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

/** The clip and subtitle keys anyone may fetch unsigned: those of a free character's published snapshot (none otherwise). */
function publicKeysOf(c: Character | null): ReadonlySet<string> {
  if (!c?.dialogue || !c.published_at || (c.price ?? 0) > 0) return new Set();
  const keys = mediaKeys(c._id);
  const titles = c.dialogue.videos.map((v) => v.title.replace(/\.mp4$/, ''));
  return new Set([
    ...c.dialogue.videos.map((v) => keys.media(v.path)),
    ...titles.map((t) => `${keys.subtitlesPrefix}*/${t}.vtt`),
  ]);
}

/** A subtitle key in the form publicKeysOf lists them (any language). */
const subtitlePattern = (key: string): string => key.replace(/^(subtitles\/[^/]+\/)[^/]+\//, '$1*/');

export function mediaGuard(store: DocumentStore, secret: string, now: () => number = Date.now): FilesGuard {
  const remembered = new Map<string, { open: ReadonlySet<string>; until: number }>();
  const isOpen = (open: ReadonlySet<string>, key: string) => open.has(key) || open.has(subtitlePattern(key));
  async function readPublicKeys(characterId: string): Promise<ReadonlySet<string>> {
    const found = await openCharacters(store).findOne(
      { _id: characterId },
      { projection: { price: 1, published_at: 1, 'dialogue.videos': 1 } },
    );
    const open = publicKeysOf(found);
    if (remembered.size > 10_000) remembered.clear();
    remembered.set(characterId, { open, until: now() + REMEMBER_MS });
    return open;
  }
  return {
    secret,
    async requiresSignature(key) {
      const characterId = guardedCharacterOf(key);
      if (characterId === undefined) return false;
      const known = remembered.get(characterId);
      if (known && known.until > now() && isOpen(known.open, key)) return false;
      return !isOpen(await readPublicKeys(characterId), key);
    },
  };
}
