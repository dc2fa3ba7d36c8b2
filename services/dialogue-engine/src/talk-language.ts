import type { TalkLanguage } from '@talkwith/proto/dialogue';
import { DEFAULT_LANGUAGE, literalMatcher, type WordMatch, type WordMatcher } from './hit-words.ts';
import { normalizeJapanese } from './normalize.ts';

/**
 * Finding hit words in a talk's language (the route's words per language are
 * hit-words.ts' routeWords). Outside Japanese the words are found by plain
 * normalised matching, on the player and on the server alike: whole words
 * where words are separated by spaces (en-US, fil-PH: "cat" is not in
 * "category"), inside the text where they are not (zh-TW); no morphological
 * analysis.
 */

/** Languages whose words are separated by spaces: a hit word matches whole words only. */
const SPACED: ReadonlySet<TalkLanguage> = new Set<TalkLanguage>(['en-US', 'fil-PH']);

const NON_WORD = /[^\p{L}\p{N}']+/gu;
// "not the beach", "no beach", "anything but the beach", "except beach": the next word is what the user does not want.
const NEGATION_BEFORE =
  / (?:not|no|never|except|without|but|hindi|ayoko(?: ng)?|huwag)(?: (?:the|a|an|any|ang|ng|sa))? $/u;

/** Lower case, width folded, every run of punctuation and space one space, padded with a space at each end. */
export function normalizeSpaced(text: string): string {
  const words = text.normalize('NFKC').toLowerCase().replace(NON_WORD, ' ').trim();
  return words === '' ? '' : ` ${words} `;
}

/** Whole-word matching with a simple plural (dog = dogs) and a negation just before ("not the beach"). */
export function spacedMatcher(utterance: string): WordMatcher {
  const text = normalizeSpaced(utterance);
  return (word) => {
    const w = normalizeSpaced(word).trim();
    const found: WordMatch[] = [];
    if (w === '') return found;
    for (const form of new Set([w, `${w}s`, `${w}es`])) {
      const needle = ` ${form} `;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
        found.push({ negated: NEGATION_BEFORE.test(text.slice(0, at + 1)), via: 'surface' });
      }
    }
    return found;
  };
}

/** The player's matcher for an utterance in the talk's language. */
export function matcherFor(text: string, language: TalkLanguage = DEFAULT_LANGUAGE): WordMatcher {
  return SPACED.has(language) ? spacedMatcher(text) : literalMatcher(normalizeJapanese(text));
}
