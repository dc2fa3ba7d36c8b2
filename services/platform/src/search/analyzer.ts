/**
 * Japanese-aware text analysis shared by the local index and the
 * Elasticsearch adapter (which normalises on the client so both engines fold
 * the same way, with no analysis plugin on the server).
 */

const KATAKANA = /[\u30a1-\u30f6]/g;
const KATAKANA_TO_HIRAGANA = 0x60;
// A long-vowel mark after kana carries no meaning for matching: コンピューター ≈ コンピュータ.
const LONG_VOWEL_AFTER_KANA = /(?<=[\u3041-\u3096\u30a1-\u30fa])[\u30fc\u2010-\u2015\u301c\uff5e~-]+/g;
const PUNCTUATION = /[\p{P}\p{S}\p{Z}\p{Cc}]+/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}々〆ヵヶ]+/gu;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });

/**
 * NFKC (full/half width), lower case, katakana → hiragana, long vowels after
 * kana dropped, punctuation and symbols turned into single spaces.
 */
export function normalizeJapanese(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(LONG_VOWEL_AFTER_KANA, '')
    .replace(KATAKANA, (ch) => String.fromCharCode(ch.charCodeAt(0) - KATAKANA_TO_HIRAGANA))
    .replace(PUNCTUATION, ' ')
    .trim();
}

/** Character bigrams of one CJK run; a lone character stands for itself. */
export function cjkBigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i]! + chars[i + 1]!);
  return grams;
}

export interface AnalyzedText {
  /** Tokens a match needs: CJK bigrams (or lone characters) and non-CJK words. */
  required: string[];
  /** Every token, for scoring: the above plus dictionary words and CJK unigrams. */
  all: string[];
}

/** Splits normalised text into matchable and scorable tokens. */
export function analyzeDetailed(text: string): AnalyzedText {
  const normalized = normalizeJapanese(text);
  const required: string[] = [];
  const all: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(normalized)) {
    if (!isWordLike) continue;
    all.push(segment);
    if (!HAS_CJK.test(segment)) required.push(segment);
  }
  for (const [run] of normalized.matchAll(CJK_RUN)) {
    const grams = cjkBigrams(run);
    required.push(...grams);
    all.push(...grams);
    // Unigrams let a one-character query (猫) find the character inside a longer run.
    if ([...run].length > 1) all.push(...run);
  }
  return { required, all };
}

/** Tokens of a text: Intl.Segmenter words plus character bigrams of CJK runs. */
export function analyzeJapanese(text: string): string[] {
  return analyzeDetailed(text).all;
}
