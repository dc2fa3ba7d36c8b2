import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hitWordDecision, literalMatcher, normalizeJapanese, type WordMatcher } from '@talkwith/dialogue-engine';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { makeBlock, type Block, type SynonymGroup } from '@talkwith/proto/dialogue';
import {
  synonymIndex,
  withSynonyms,
  type SynonymsOf,
  type Understanding,
} from '@talkwith/dialogue-engine/understanding';

/**
 * The recognition test set (services/dialogue/test-data/recognition-set.json)
 * and its scoring, shared by the accuracy test and `npm run bench`: each
 * utterance is routed by a block's hit words with a given matcher and
 * compared with the block a person would expect.
 */
export const RECOGNITION_SET_PATH = join(import.meta.dirname, '../../../test-data/recognition-set.json');

type Expected = string | null;
interface SetFile {
  generated: { block: string; routes: Array<[string, string]>; synonyms?: SynonymGroup[] };
  sets: Array<{ character: 'demo' | 'generated'; block: string; kind: string; cases: Array<[string, Expected]> }>;
}

/** `synonyms`: the character's synonym groups (the demo's as published, the generated one's from the set file). */
export interface RecognitionCase {
  kind: string;
  block: Block;
  text: string;
  expected: Expected;
  synonyms: SynonymsOf;
}

/** The generated character's one block: a route per single-form hit word. */
function generatedBlock(file: SetFile): Block {
  const hit_words = file.generated.routes.map(([word, blockId]) => ({ words: [word], block_id: blockId, slot: null }));
  return makeBlock({ id: file.generated.block, character_id: 'generated', title: file.generated.block, hit_words });
}

export function loadRecognitionSet(path = RECOGNITION_SET_PATH): RecognitionCase[] {
  const file = JSON.parse(readFileSync(path, 'utf8')) as SetFile;
  const generated = generatedBlock(file);
  const synonymsOf = {
    demo: synonymIndex(demoCharacter.synonyms ?? []),
    generated: synonymIndex(file.generated.synonyms ?? []),
  };
  const blockOf = (character: string, id: string): Block => {
    const b = character === 'generated' ? generated : demoCharacter.blocks.find((d) => d.id === id);
    if (!b || b.id !== id) throw new Error(`recognition set: no block ${character}/${id}`);
    return b;
  };
  return file.sets.flatMap((s) =>
    s.cases.map(([text, expected]) => ({
      kind: s.kind,
      block: blockOf(s.character, s.block),
      text,
      expected,
      synonyms: synonymsOf[s.character],
    })),
  );
}

/** Where an utterance goes by the block's hit words: the route's block, 'valid' (legacy list) or null. */
export function routeOf(b: Block, matcher: WordMatcher): Expected {
  const d = hitWordDecision(b, matcher);
  if (!d) return null;
  return d.kind === 'block' ? d.blockId : 'valid';
}

/** Today's literal matcher before negation (the first route whose word is inside the utterance): the baseline. */
export function literalBaseline(text: string): WordMatcher {
  const plain = literalMatcher(normalizeJapanese(text));
  return (word) => plain(word).map((m) => ({ ...m, negated: false }));
}

/** The dialogue service's matcher for a case: readings, base forms and negation, and the character's synonyms. */
export const understandingMatcher =
  (understanding: Understanding) =>
  (text: string, c: RecognitionCase): WordMatcher =>
    withSynonyms(understanding.matcher(understanding.utterance(text)), c.synonyms);

export interface KindScore {
  kind: string;
  cases: number;
  correct: number;
  falsePositives: number;
  misses: string[];
}

/** Accuracy per kind (and 'overall'); a false positive is a route taken where none, or another, was expected. */
export function scoreSet(
  cases: RecognitionCase[],
  matcherFor: (text: string, c: RecognitionCase) => WordMatcher,
): KindScore[] {
  const byKind = new Map<string, KindScore>();
  const overall: KindScore = { kind: 'overall', cases: 0, correct: 0, falsePositives: 0, misses: [] };
  for (const c of cases) {
    const score = byKind.get(c.kind) ?? { kind: c.kind, cases: 0, correct: 0, falsePositives: 0, misses: [] };
    byKind.set(c.kind, score);
    const got = routeOf(c.block, matcherFor(c.text, c));
    for (const s of [score, overall]) {
      s.cases += 1;
      if (got === c.expected) s.correct += 1;
      else s.misses.push(`${c.block.id}: 「${c.text}」 → ${got ?? 'none'} (expected ${c.expected ?? 'none'})`);
      if (got !== null && got !== c.expected) s.falsePositives += 1;
    }
  }
  return [...byKind.values(), overall];
}
