import { katakanaToHiragana, normalizeJapanese } from '../src/index.ts';
import type { Morpheme } from './analyser.ts';

/**
 * The comparable forms of a word or a run of morphemes: the engine's surface
 * normalisation, and a reading key in which the ways a recogniser or a person
 * may write one sound meet — katakana as hiragana, a long vowel mark as the
 * vowel it lengthens (ラーメン = らあめん), small vowels as large (ばいばぁい).
 */
const VOWEL_OF: Record<string, string> = {};
const ROWS = [
  'あかさたなはまやらわがざだばぱぁゃゎ',
  'いきしちにひみりぎじぢびぴぃ',
  'うくすつぬふむゆるぐずづぶぷぅゅ',
  'えけせてねへめれげぜでべぺぇ',
  'おこそとのほもよろをごぞどぼぽぉょ',
];
ROWS.forEach((row, i) => {
  for (const ch of row) VOWEL_OF[ch] = 'あいうえお'[i]!;
});
const SMALL: Record<string, string> = {
  ぁ: 'あ',
  ぃ: 'い',
  ぅ: 'う',
  ぇ: 'え',
  ぉ: 'お',
  ゎ: 'わ',
  ゕ: 'か',
  ゖ: 'け',
};
const LONG_MARKS = new Set(['ー', '〜', '～', '~', '−', '‐', '-']);
const DROPPED = /[\p{P}\p{S}\p{Z}\s]/u;

/** The reading key of a katakana or kana text (other characters kept, NFKC-folded). */
export function readingKey(reading: string): string {
  let out = '';
  for (const ch of katakanaToHiragana(reading.normalize('NFKC').toLowerCase())) {
    if (LONG_MARKS.has(ch)) out += VOWEL_OF[out.at(-1) ?? ''] ?? '';
    else if (!DROPPED.test(ch)) out += SMALL[ch] ?? ch;
  }
  return out;
}

// Godan dictionary ending → its 連用形 ending (占う → 占い, 終わる → 終わり, 行く → 行き).
const RENYOU: Record<string, string> = {
  う: 'い',
  く: 'き',
  ぐ: 'ぎ',
  す: 'し',
  つ: 'ち',
  ぬ: 'に',
  ぶ: 'び',
  む: 'み',
  る: 'り',
};

/**
 * The noun a verb's dictionary form gives (連用形): 占う → 占い, 食べる → 食べ,
 * する → し. Lets 「占って」 reach the hit word 占い. Undefined for other words.
 */
export function nominalForm(dictionary: string, conjugation: string): string | undefined {
  if (conjugation.startsWith('五段')) {
    const shifted = RENYOU[dictionary.at(-1) ?? ''];
    return shifted ? dictionary.slice(0, -1) + shifted : undefined;
  }
  if (conjugation.startsWith('一段') && dictionary.endsWith('る')) return dictionary.slice(0, -1);
  if (conjugation.startsWith('サ変') && dictionary.endsWith('する')) return `${dictionary.slice(0, -2)}し`;
  return undefined;
}

/** What a morpheme may stand for as the last of a run: its surface, its dictionary form and the noun of a verb. */
export interface MorphemeForms {
  surface: string;
  independent: boolean;
  known: boolean;
  reading: string;
  /** Normalised surfaces and reading keys of its dictionary form and, for a verb, its noun. */
  bases: string[];
}

/** The forms of one morpheme; `readingOf` gives the katakana reading of a dictionary form. */
export function morphemeForms(m: Morpheme, readingOf: (word: string) => string): MorphemeForms {
  const bases = new Set<string>();
  if (m.base !== m.surface || m.conjugation !== '') {
    const baseReading = m.base === m.surface ? m.reading : readingOf(m.base);
    bases.add(normalizeJapanese(m.base)).add(readingKey(baseReading));
    const noun = nominalForm(m.base, m.conjugation);
    const nounReading = nominalForm(katakanaToHiragana(baseReading), m.conjugation);
    if (noun) bases.add(normalizeJapanese(noun));
    if (nounReading) bases.add(readingKey(nounReading));
  }
  bases.delete('');
  return {
    surface: normalizeJapanese(m.surface),
    independent: m.independent,
    known: m.known,
    reading: readingKey(m.reading),
    bases: [...bases],
  };
}
