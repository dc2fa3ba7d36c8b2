import type { Block, HitWord, TalkLanguage } from '@talkwith/proto/dialogue';
import { normalizeJapanese, splitWordList } from './normalize.ts';

/**
 * Hit-word routing shared by the engine (literal matching in the player) and
 * the dialogue service (readings and base forms, which need a dictionary the
 * player cannot carry): both pick the route here, only how a word is found
 * in an utterance differs.
 */

/** How a hit word was found: its characters, its reading, a base (dictionary) form of an inflected word, or an operator's synonym of it. */
export type MatchVia = 'surface' | 'reading' | 'base' | 'synonym';

/** One place a hit word was found in the utterance; negated: said as what the user does not want. */
export interface WordMatch {
  negated: boolean;
  via: MatchVia;
  /** via 'synonym': the operator's synonym that was said instead of the word (insight shows it). */
  synonym?: string;
}

/** What routed an utterance: the hit word, how it was found and, by synonym, the synonym said. */
export interface WordFound {
  word: string;
  via: MatchVia;
  synonym?: string;
}

/** Every place a hit word occurs in the utterance (empty: not said). */
export type WordMatcher = (word: string) => WordMatch[];

export type HitWordDecision =
  | { kind: 'block'; blockId: string; slot: { name: string; value: string } | null; found: WordFound }
  | { kind: 'valid'; found: WordFound };

// What follows a word to say "not this one": 〜じゃなくて／じゃない／ではなく, 〜以外, 〜は嫌／いや／やだ／嫌い.
// じゃなきゃ／じゃなければ ("it has to be") are not negations. Read on normalised text (kana as hiragana).
const NEGATION_AFTER =
  /^(?:は|が|も|なんか|とか)?(?:じゃ(?:あ)?な(?!きゃ|けれ|けりゃ)|では(?:な(?!きゃ|けれ))|でな(?:く|い)|じゃね|以外|いがい|嫌|いや(?!いや)|やだ|きらい|嫌い)/u;

/** True when the normalised text right after a word makes it a negation (「京都じゃなくて」「ラーメン以外」). */
export function negatedAfter(normalizedRest: string): boolean {
  return NEGATION_AFTER.test(normalizedRest);
}

/** The literal matcher: the normalised word inside the normalised utterance, each occurrence checked for negation. */
export function literalMatcher(normalizedUtterance: string): WordMatcher {
  return (word) => {
    const w = normalizeJapanese(word);
    const found: WordMatch[] = [];
    if (w.length === 0) return found;
    for (let at = normalizedUtterance.indexOf(w); at >= 0; at = normalizedUtterance.indexOf(w, at + 1)) {
      found.push({ negated: negatedAfter(normalizedUtterance.slice(at + w.length)), via: 'surface' });
    }
    return found;
  };
}

/** A talk is held in Japanese unless the host says otherwise (EngineOptions.language). */
export const DEFAULT_LANGUAGE: TalkLanguage = 'ja-JP';

/**
 * The words of a route said in `language`: its `words_i18n` entry for it,
 * else its Japanese words, so a character nobody translated behaves as before
 * (the legacy hit_word list has no translations: it is always the Japanese).
 */
export function routeWords(hit: HitWord, language: TalkLanguage = DEFAULT_LANGUAGE): string[] {
  if (language === 'ja-JP') return hit.words;
  const translated = hit.words_i18n?.[language]?.filter((w) => w.trim() !== '') ?? [];
  return translated.length > 0 ? translated : hit.words;
}

function affirmed(words: string[], matcher: WordMatcher): WordFound | undefined {
  for (const word of words) {
    const m = matcher(word).find((each) => !each.negated);
    if (m) return { word, via: m.via, ...(m.synonym !== undefined ? { synonym: m.synonym } : {}) };
  }
  return undefined;
}

/**
 * The block's hit-word route for an utterance: the first route (in order,
 * then the legacy hit_word list as a valid response) with a word said
 * affirmatively. A word said only as what the user does not want
 * (「京都じゃなくて大阪」, 「ラーメン以外」) does not count: the next route that
 * is affirmed wins, or none does and the block's other routes decide.
 * A route's words are those of the talk's language (routeWords).
 */
export function hitWordDecision(
  b: Block,
  matcher: WordMatcher,
  language: TalkLanguage = DEFAULT_LANGUAGE,
): HitWordDecision | undefined {
  for (const hit of b.hit_words) {
    const found = affirmed(routeWords(hit, language), matcher);
    if (found) return { kind: 'block', blockId: hit.block_id, slot: hit.slot, found };
  }
  const found = affirmed(splitWordList(b.hit_word), matcher);
  return found ? { kind: 'valid', found } : undefined;
}
