import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeJapanese } from '@talkwith/dialogue-engine';
import type { SynonymSource } from '@talkwith/proto/catalog';
import type { SynonymGroup } from '@talkwith/proto/dialogue';

/**
 * The open synonym dictionary the console's 「候補を読み込む」 proposes from:
 * Sudachi's synonym groups (npm sudachi-synonyms-dictionary, Apache-2.0),
 * vendored as headwords only by scripts/sudachi-synonyms.ts. Read on the first
 * proposal (0.7 MB) and kept; words meet after the engine's normalisation, so
 * おわり finds the group of 終わり as well as its own spelling.
 */
export const SYNONYM_DATA_PATH = join(import.meta.dirname, '..', '..', '..', 'data', 'sudachi-synonyms.json');
/** Synonyms proposed per word at most (a long group is mostly rare words). */
const PROPOSED_MAX = 20;

export interface SynonymDictionary {
  source: SynonymSource;
  /** The dictionary's synonyms of a word (every group it is in, in the dictionary's order), without the word itself. */
  synonymsOf(word: string): string[];
}

interface DataFile {
  source: SynonymSource;
  groups: string[][];
}

export function dictionaryOf(data: DataFile): SynonymDictionary {
  const groupsOf = new Map<string, number[]>();
  data.groups.forEach((group, i) => {
    for (const word of group) {
      const key = normalizeJapanese(word);
      const list = groupsOf.get(key) ?? [];
      if (!list.includes(i)) list.push(i);
      groupsOf.set(key, list);
    }
  });
  return {
    source: data.source,
    synonymsOf(word) {
      const key = normalizeJapanese(word);
      const words = (groupsOf.get(key) ?? []).flatMap((i) => data.groups[i] ?? []);
      return [...new Set(words)].filter((w) => normalizeJapanese(w) !== key);
    },
  };
}

let loading: Promise<SynonymDictionary> | undefined;

export function loadSynonymDictionary(path = SYNONYM_DATA_PATH): Promise<SynonymDictionary> {
  loading ??= readFile(path, 'utf8')
    .then((text) => dictionaryOf(JSON.parse(text) as DataFile))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * Candidate groups for words: per word, the dictionary's synonyms the
 * operator's group for it does not hold yet (a word already covered or
 * unknown to the dictionary is left out). The operator accepts or edits them.
 */
export function proposeSynonyms(
  dictionary: SynonymDictionary,
  words: readonly string[],
  existing: readonly SynonymGroup[],
): SynonymGroup[] {
  const have = new Map(existing.map((g) => [normalizeJapanese(g.word), new Set(g.synonyms.map(normalizeJapanese))]));
  const seen = new Set<string>();
  const candidates: SynonymGroup[] = [];
  for (const word of words.map((w) => w.trim()).filter((w) => w.length > 0)) {
    const key = normalizeJapanese(word);
    if (seen.has(key)) continue;
    seen.add(key);
    const known = have.get(key) ?? new Set<string>();
    const synonyms = dictionary
      .synonymsOf(word)
      .filter((s) => !known.has(normalizeJapanese(s)))
      .slice(0, PROPOSED_MAX);
    if (synonyms.length > 0) candidates.push({ word, synonyms });
  }
  return candidates;
}
