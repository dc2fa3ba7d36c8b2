import { katakanaToHiragana } from '@talkwith/dialogue-engine';

/**
 * The grouping of unmatched utterances: a normal form (NFKC, lower case,
 * katakana → hiragana, punctuation and spaces removed; long-vowel marks are
 * kept, unlike the engine's hit-word form, because らーめん and らめん are
 * different words to an operator), and a near-duplicate test on it.
 */
const PUNCTUATION_AND_SPACE = /[\p{P}\p{S}\p{Z}\s]/gu;

export function normaliseUtterance(text: string): string {
  return katakanaToHiragana(text.normalize('NFKC').toLowerCase()).replace(PUNCTUATION_AND_SPACE, '');
}

function bigrams(text: string): Set<string> {
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  return grams;
}

/** Character-bigram Jaccard similarity (0..1) of two normal forms; texts under two characters only match themselves. */
export function bigramSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = bigrams(a);
  const y = bigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** At this similarity two normal forms are one group: ありがとう / ありがとうね merge, らーめん / らーめんください do not. */
export const NEAR_DUPLICATE = 0.6;

export const nearDuplicates = (a: string, b: string): boolean => bigramSimilarity(a, b) >= NEAR_DUPLICATE;
