import { type DocumentStore, type Transaction } from '@talkwith/platform';
import { normalizeJapanese, splitWordList } from '@talkwith/dialogue-engine';
import type { SetSynonymsBody } from '@talkwith/proto/catalog';
import { SYNONYM_GROUPS_MAX, type SynonymGroup } from '@talkwith/proto/dialogue';
import { openCharacters } from '../../characters.ts';
import { openBlocks } from '../../model.ts';
import { requireCharacter } from '../character-admin.ts';
import { characterErrors } from '../../errors.ts';

/** The draft's synonym groups (none in a draft from before synonyms). */
export async function synonymGroupsOf(
  store: DocumentStore | Transaction,
  characterId: string,
): Promise<SynonymGroup[]> {
  return (await requireCharacter(store, characterId)).draft?.synonyms ?? [];
}

/** Trimmed, without blanks, repeats (after normalisation) or the word itself. */
function cleanSynonyms(word: string, synonyms: readonly string[]): string[] {
  const seen = new Set([normalizeJapanese(word)]);
  const out: string[] = [];
  for (const s of synonyms.map((x) => x.trim())) {
    const key = normalizeJapanese(s);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}

/**
 * Sets one word's synonyms in the draft (in place of its group; an empty list
 * removes it), read and written in one transaction so two words edited at
 * once both stay. Returns every group.
 */
export async function setSynonymGroup(
  tx: Transaction,
  characterId: string,
  body: SetSynonymsBody,
): Promise<SynonymGroup[]> {
  const word = body.word.trim();
  if (word === '') throw characterErrors.synonymWordRequired();
  const groups = await synonymGroupsOf(tx, characterId);
  const synonyms = cleanSynonyms(word, body.synonyms);
  const key = normalizeJapanese(word);
  const at = groups.findIndex((g) => normalizeJapanese(g.word) === key);
  const next = groups.filter((_, i) => i !== at);
  if (synonyms.length > 0) next.splice(at >= 0 ? at : next.length, 0, { word, synonyms });
  if (next.length > SYNONYM_GROUPS_MAX) throw characterErrors.synonymGroupsLimit(SYNONYM_GROUPS_MAX);
  await openCharacters(tx).updateOne(
    { _id: characterId },
    { $set: { 'draft.synonyms': next, updated_at: new Date().toISOString() } },
  );
  return next;
}

/** Every hit word of the draft's blocks (each route's words and the legacy comma list), in block order, once each. */
export async function draftHitWords(store: DocumentStore | Transaction, characterId: string): Promise<string[]> {
  const blocks = await openBlocks(store).find({ character_id: characterId }, { sort: { id: 1 } });
  const words = blocks.flatMap((b) => [...b.hit_words.flatMap((route) => route.words), ...splitWordList(b.hit_word)]);
  return [...new Set(words.map((w) => w.trim()).filter((w) => w.length > 0))];
}
