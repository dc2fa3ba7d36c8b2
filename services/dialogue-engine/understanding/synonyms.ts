import { normalizeJapanese, type WordMatcher } from '../src/index.ts';
import type { SynonymGroup } from '@talkwith/proto/dialogue';

/** The other words a word may be said as (empty: none); the word itself is never among them. */
export type SynonymsOf = (word: string) => string[];

export const noSynonyms: SynonymsOf = () => [];

/**
 * The operator's synonym groups as a look-up. A group is symmetric: its word
 * and each of its synonyms stand for one another, so a hit word listed as
 * a synonym of another group's word (旅 in 旅行's group) still gets the rest.
 * Words meet after the engine's normalisation (kana, width, case).
 */
export function synonymIndex(groups: readonly SynonymGroup[]): SynonymsOf {
  if (groups.length === 0) return noSynonyms;
  const members = new Map<string, Set<string>>();
  for (const group of groups) {
    const words = [group.word, ...group.synonyms].map((w) => w.trim()).filter((w) => w.length > 0);
    for (const w of words) {
      const key = normalizeJapanese(w);
      const set = members.get(key) ?? new Set<string>();
      members.set(key, set);
      for (const other of words) if (normalizeJapanese(other) !== key) set.add(other);
    }
  }
  return (word) => [...(members.get(normalizeJapanese(word)) ?? [])];
}

/**
 * A matcher that also finds a word by its synonyms (each by surface, reading
 * or base form, as the inner matcher finds words), reported as 'synonym'. The
 * word's own affirmed occurrences come first: a synonym is asked only when
 * the word itself was not said, so how it matched stays the most direct way.
 */
export function withSynonyms(matcher: WordMatcher, synonymsOf: SynonymsOf): WordMatcher {
  if (synonymsOf === noSynonyms) return matcher;
  return (word) => {
    const own = matcher(word);
    if (own.some((m) => !m.negated)) return own;
    const bySynonym = synonymsOf(word).flatMap((s) =>
      matcher(s).map((m) => ({ ...m, via: 'synonym' as const, synonym: s })),
    );
    return [...own, ...bySynonym];
  };
}
