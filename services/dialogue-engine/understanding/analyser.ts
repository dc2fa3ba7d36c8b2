import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import kuromoji, { type IpadicFeatures } from 'kuromoji';

/**
 * The Japanese morphological analyser of the dialogue service: kuromoji.js
 * with the IPADIC dictionary shipped inside its npm package (no download at
 * run time). Server only — the dictionary is 18 MB and the tokenizer several
 * hundred MB resident, far over the player's budget. Built once per process,
 * on first use (about a second), then shared.
 */
export interface Morpheme {
  surface: string;
  /** Dictionary form (占っ → 占う); the surface for unknown words. */
  base: string;
  /** Katakana reading of the surface; the surface for unknown words. */
  reading: string;
  pos: string;
  /** Can start a word: not a particle, auxiliary, symbol, suffix or dependent noun (この「たび」は). */
  independent: boolean;
  /** In the dictionary; an unknown run of kana (often a whole hiragana sentence) is read as it is written. */
  known: boolean;
  /** IPADIC conjugation type (五段・ワ行促音便, 一段, サ変・スル, ...); '' when it does not inflect. */
  conjugation: string;
}

export type Analyse = (text: string) => Morpheme[];

const UNKNOWN = '*';
const DEPENDENT_POS = new Set(['助詞', '助動詞', '記号', 'フィラー']);
const DEPENDENT_DETAIL = new Set(['非自立', '接尾']);
let building: Promise<Analyse> | undefined;

function dictionaryDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('kuromoji/package.json')), 'dict');
}

function morpheme(t: IpadicFeatures): Morpheme {
  const known = (value: string | undefined) => (value && value !== UNKNOWN ? value : undefined);
  return {
    surface: t.surface_form,
    base: known(t.basic_form) ?? t.surface_form,
    reading: known(t.reading) ?? t.surface_form,
    pos: t.pos,
    independent: !DEPENDENT_POS.has(t.pos) && !DEPENDENT_DETAIL.has(t.pos_detail_1),
    known: t.word_type === 'KNOWN',
    conjugation: known(t.conjugated_type) ?? '',
  };
}

/** The shared analyser (built on the first call; later calls wait for the same build). */
export function loadAnalyser(): Promise<Analyse> {
  building ??= new Promise<Analyse>((resolve, reject) => {
    kuromoji.builder({ dicPath: dictionaryDir() }).build((err, tokenizer) => {
      if (err) {
        building = undefined;
        reject(err);
        return;
      }
      resolve((text) => tokenizer.tokenize(text).map(morpheme));
    });
  });
  return building;
}
