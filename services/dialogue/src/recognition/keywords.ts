import { containsWord, normalizeJapanese } from '@talkwith/dialogue-engine';
import type { CharacterRecognition, RecognitionBlock } from '@talkwith/proto/dialogue';

/**
 * Keyword matching with the engine's own Japanese normalisation, so the
 * server scores an utterance the way the engine matches hit words (moved
 * here from the web player's former local matcher).
 */

/** A score of 100: a phrase occurs in the utterance as it is. */
export const CONTAINED = 100;

function bigrams(text: string): Set<string> {
  const out = new Set<string>();
  const chars = [...text];
  for (let i = 0; i + 1 < chars.length; i += 1) out.add(`${chars[i]}${chars[i + 1]}`);
  return out;
}

/** The phrases of a block that still say something once normalised (a title of only punctuation says nothing). */
export function phrasesOf(block: RecognitionBlock): string[] {
  return [...new Set(block.phrases.filter((p) => normalizeJapanese(p).length > 0))];
}

/** True when one of the phrases occurs in the already normalised utterance. */
export function containsAny(normalizedUtterance: string, phrases: string[]): boolean {
  return phrases.some((phrase) => containsWord(normalizedUtterance, phrase));
}

/**
 * 0–100: 100 when a phrase occurs in the utterance, else the best character
 * bigram overlap (Dice coefficient) of the utterance with one phrase.
 */
export function keywordScore(utterance: string, phrases: string[]): number {
  const said = normalizeJapanese(utterance);
  if (!said || phrases.length === 0) return 0;
  if (containsAny(said, phrases)) return CONTAINED;
  const saidPairs = bigrams(said);
  let best = 0;
  for (const phrase of phrases) {
    const pairs = bigrams(normalizeJapanese(phrase));
    if (pairs.size === 0 || saidPairs.size === 0) continue;
    let shared = 0;
    for (const pair of pairs) if (saidPairs.has(pair)) shared += 1;
    best = Math.max(best, (2 * shared) / (pairs.size + saidPairs.size));
  }
  return Math.round(best * 100);
}

/**
 * The embedded SPJ scorer (no spj_url): the utterance against the phrases of
 * the category's blocks and of the blocks they lead to, and the category's
 * name itself. null (an empty result) when there is nothing to score against.
 */
export function embeddedScore(recognition: CharacterRecognition, category: string, utterance: string): number | null {
  const byId = new Map(recognition.blocks.map((b) => [b.block_id, b]));
  const inCategory = recognition.blocks.filter((b) => b.spj_category === category);
  if (inCategory.length === 0) return null;
  const next = inCategory.flatMap((b) => b.listen_next_block.flatMap((id) => byId.get(id) ?? []));
  const phrases = [...new Set([...inCategory, ...next].flatMap(phrasesOf))];
  if (normalizeJapanese(category).length > 0) phrases.push(category);
  return phrases.length > 0 ? keywordScore(utterance, phrases) : null;
}
