import { containsWord, normalizeJapanese, splitWordList } from '@talkwith/dialogue-engine';
import type { Block, PublicCharacter as Character, SearchHit } from '@talkwith/proto/dialogue';
import type { Static } from '@sinclair/typebox';

/**
 * Resolves the engine's requestSearch / requestScore in the browser, by
 * normalised keyword matching (the engine's own Japanese normalisation).
 * The dialogue service's SPJ scoring and Elasticsearch search replace this
 * later; until then a block's keywords are its hit words, its legacy
 * hit_word list and its title.
 */

type Hit = Static<typeof SearchHit>;

/** The words that stand for a block as a valid response. */
export function keywordsOf(block: Block): string[] {
  const words = [...block.hit_words.flatMap((h) => h.words), ...splitWordList(block.hit_word)];
  if (block.title.trim()) words.push(...splitWordList(block.title.replace(/[・／/]/gu, ',')));
  return [...new Set(words.filter((w) => normalizeJapanese(w).length > 0))];
}

function bigrams(text: string): Set<string> {
  const out = new Set<string>();
  const chars = [...text];
  for (let i = 0; i + 1 < chars.length; i += 1) out.add(`${chars[i]}${chars[i + 1]}`);
  return out;
}

/** 0–100: 100 when a keyword occurs in the utterance, else the best bigram overlap (Dice) with any keyword. */
export function keywordScore(utterance: string, keywords: string[]): number {
  const said = normalizeJapanese(utterance);
  if (!said || keywords.length === 0) return 0;
  if (keywords.some((k) => containsWord(said, k))) return 100;
  const saidPairs = bigrams(said);
  let best = 0;
  for (const keyword of keywords) {
    const pairs = bigrams(normalizeJapanese(keyword));
    if (pairs.size === 0 || saidPairs.size === 0) continue;
    const shared = [...pairs].filter((p) => saidPairs.has(p)).length;
    best = Math.max(best, (2 * shared) / (pairs.size + saidPairs.size));
  }
  return Math.round(best * 100);
}

/** Search among candidate blocks: every candidate with a score above 0, best first. */
export function searchLocally(character: Character, text: string, candidates: string[]): Hit[] {
  const blocks = new Map(character.blocks.map((b) => [b.id, b]));
  return candidates
    .flatMap((id) => {
      const block = blocks.get(id);
      return block ? [{ block_id: id, score: keywordScore(text, keywordsOf(block)) }] : [];
    })
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score);
}

/**
 * Score of the utterance as a valid response of the current block: matched
 * against the keywords of the block itself and of the blocks it leads to.
 * null (an empty result) when there is nothing to match against.
 */
export function scoreLocally(character: Character, blockId: string | null, text: string): number | null {
  const block = character.blocks.find((b) => b.id === blockId);
  if (!block) return null;
  const next = character.blocks.filter((b) => block.listen_next_block.includes(b.id));
  const keywords = [...keywordsOf(block), ...next.flatMap(keywordsOf)];
  if (block.spj_category) keywords.push(block.spj_category);
  return keywords.length > 0 ? keywordScore(text, keywords) : null;
}
