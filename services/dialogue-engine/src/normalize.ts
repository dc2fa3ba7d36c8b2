/**
 * Japanese-aware normalisation for hit-word matching: NFKC (full/half width),
 * katakana → hiragana, long vowel marks and punctuation and spaces removed,
 * Latin letters lower-cased.
 */
const KATAKANA_START = 0x30a1;
const KATAKANA_END = 0x30f6;
const KANA_OFFSET = 0x60;
// Long vowel marks (ー, ｰ after NFKC becomes ー), wave dashes and similar.
const LONG_VOWELS = /[ー〜～~−‐-]/gu;
const PUNCTUATION_AND_SPACE = /[\p{P}\p{S}\p{Z}\s]/gu;

/** Katakana as hiragana (the other characters as they are): カレー → かれー. */
export function katakanaToHiragana(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code >= KATAKANA_START && code <= KATAKANA_END ? String.fromCodePoint(code - KANA_OFFSET) : ch;
  }
  return out;
}

export function normalizeJapanese(text: string): string {
  const nfkc = text.normalize('NFKC').toLowerCase();
  return katakanaToHiragana(nfkc).replace(LONG_VOWELS, '').replace(PUNCTUATION_AND_SPACE, '');
}

/** True when the normalised word occurs in the normalised utterance. */
export function containsWord(normalizedUtterance: string, word: string): boolean {
  const w = normalizeJapanese(word);
  return w.length > 0 && normalizedUtterance.includes(w);
}

/** Splits a legacy comma-separated hit_word setting (ASCII or Japanese commas). */
export function splitWordList(list: string): string[] {
  return list
    .split(/[,、，]/u)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
}
