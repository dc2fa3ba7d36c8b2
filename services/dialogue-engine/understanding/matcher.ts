import {
  katakanaToHiragana,
  literalMatcher,
  negatedAfter,
  normalizeJapanese,
  type MatchVia,
  type WordMatch,
  type WordMatcher,
} from '../src/index.ts';
import type { Analyse, Morpheme } from './analyser.ts';
import { morphemeForms, nominalForm, readingKey, type MorphemeForms } from './forms.ts';
import { kanaInflections, kanjiStemOf, type KanjiStem } from './kana-verbs.ts';

/**
 * Finds hit words in an utterance by surface, reading and base form. The
 * utterance is cut into morphemes; every run of up to MAX_RUN morphemes gives
 * its surface, its reading and, for its last morpheme, the dictionary form and
 * a verb's noun (「占って」 → 占う, 占い, うらない). A hit word is found where one of
 * its own forms equals one of a run's: runs start and end on morpheme
 * boundaries, so a reading never matches across the middle of a word.
 */
const MAX_RUN = 8;
/** Readings shorter than this match only by surface (one kana is too often something else). */
const MIN_READING = 2;
/** Inside a word the dictionary does not know, a reading this long is looked for anywhere (きょうとじゃなくて…). */
const MIN_INSIDE_UNKNOWN = 3;
/** Words (and readings) kept at most; past it the cache starts again (hit words are few, utterances are not cached). */
const MAX_CACHED = 50_000;

/** A text's readings for search: the search port's ReadingTokens (the engine does not depend on the platform). */
export interface SearchReadings {
  words: string[][];
  phrases: string[];
}

/** Where one phrase ends and the next begins, for the search's whole-phrase readings. */
const PHRASE_BREAK = /[\p{P}\p{S}\p{Z}\s]+/u;

/** The readings one content word may stand for in search: dictionary form's first; others only when long enough. */
function searchReadings(m: Morpheme, readingOf: (word: string) => string): string[] {
  const baseReading = m.base === m.surface ? m.reading : readingOf(m.base);
  const noun = nominalForm(katakanaToHiragana(baseReading), m.conjugation);
  const others = [m.reading, noun ?? ''].map(readingKey).filter((key) => key.length >= MIN_READING);
  return [...new Set([readingKey(baseReading), ...others])].filter((key) => key !== '');
}

interface Found {
  end: number;
  via: MatchVia;
}

/** An utterance as the matcher reads it: its normalised text and the forms of each run, by key. */
export interface AnalysedUtterance {
  normalized: string;
  runs: Map<string, Found[]>;
  /** Normalised text after morpheme i (what may negate a word ending there). */
  restAfter: string[];
  /** Reading keys of the morphemes the dictionary does not know, with the text after each. */
  unknown: Array<{ reading: string; rest: string }>;
  /** Each morpheme's normalised surface (a kanji hit word's stem is written into them: kana-verbs.ts). */
  surfaces: string[];
}

function add(runs: Map<string, Found[]>, key: string, found: Found, minimum: number): void {
  if (key.length < minimum) return;
  const list = runs.get(key);
  if (list) list.push(found);
  else runs.set(key, [found]);
}

/** Every run's forms, by key (where each run ends and how it was read). */
function runsOf(forms: MorphemeForms[]): Map<string, Found[]> {
  const runs = new Map<string, Found[]>();
  for (let i = 0; i < forms.length; i++) {
    let surface = '';
    let reading = '';
    for (let j = i; j < Math.min(forms.length, i + MAX_RUN); j++) {
      const last = forms[j]!;
      // One particle, auxiliary or dependent noun alone is never a word (この「たび」は is not 旅).
      const alone = j === i && !last.independent;
      for (const base of alone ? [] : last.bases) {
        add(runs, surface + base, { end: j, via: 'base' }, MIN_READING);
        add(runs, reading + base, { end: j, via: 'base' }, MIN_READING);
      }
      surface += last.surface;
      reading += last.reading;
      if (alone) continue;
      add(runs, reading, { end: j, via: 'reading' }, MIN_READING);
      add(runs, surface, { end: j, via: 'surface' }, 1);
    }
  }
  return runs;
}

/** A hit word's own forms: its surface, its reading and, when it ends inflected, its dictionary forms. */
function wholeKeys(word: string, forms: MorphemeForms[]): string[] {
  const last = forms.at(-1);
  const surface = forms
    .slice(0, -1)
    .map((f) => f.surface)
    .join('');
  const reading = forms
    .slice(0, -1)
    .map((f) => f.reading)
    .join('');
  const keys = [normalizeJapanese(word), surface + (last?.surface ?? ''), reading + (last?.reading ?? '')];
  for (const base of last?.bases ?? []) keys.push(surface + base, reading + base);
  return [...new Set(keys)].filter((k) => k.length > 0);
}

/** A reading key found inside unknown morphemes (their own rest, then the utterance's, may negate it). */
function insideUnknown(u: AnalysedUtterance, key: string): WordMatch[] {
  const found: WordMatch[] = [];
  for (const { reading, rest } of u.unknown) {
    for (let at = reading.indexOf(key); at >= 0; at = reading.indexOf(key, at + 1)) {
      found.push({ negated: negatedAfter(reading.slice(at + key.length) + rest), via: 'reading' });
    }
  }
  return found;
}

export class Understanding {
  private readonly analyse: Analyse;
  private readonly readings = new Map<string, string>();
  private readonly words = new Map<string, string[]>();
  private readonly stems = new Map<string, KanjiStem | null>();

  constructor(analyse: Analyse) {
    this.analyse = analyse;
  }

  /** Katakana reading of a word (cached: dictionary forms repeat). */
  private readingOf = (word: string): string => {
    let reading = this.readings.get(word);
    if (reading === undefined) {
      reading = this.analyse(word)
        .map((m) => m.reading)
        .join('');
      if (this.readings.size >= MAX_CACHED) this.readings.clear();
      this.readings.set(word, reading);
    }
    return reading;
  };

  private formsOf(text: string): MorphemeForms[] {
    return this.analyse(text).map((m) => morphemeForms(m, this.readingOf));
  }

  /** The keys a hit word is known by (computed once per word: at publish time, or on first use). */
  wordKeys(word: string): string[] {
    let keys = this.words.get(word);
    if (!keys) {
      keys = wholeKeys(word, this.formsOf(word));
      if (this.words.size >= MAX_CACHED) this.words.clear();
      this.words.set(word, keys);
    }
    return keys;
  }

  /** The kanji stem of an inflecting hit word (歌う: 歌, うた), null for other words (computed once per word). */
  private stemOf(word: string): KanjiStem | null {
    let stem = this.stems.get(word);
    if (stem === undefined) {
      stem = kanjiStemOf(word, this.analyse(word)) ?? null;
      if (this.stems.size >= MAX_CACHED) this.stems.clear();
      this.stems.set(word, stem);
    }
    return stem;
  }

  /**
   * The search port's reading tokens of a text (ReadingForms): for each content
   * word, the readings it may stand for — its dictionary form's (御飯 → ごはん,
   * 占った → うらなう), as written (りょうり, which kuromoji takes for a verb) and
   * a verb's noun (占って → うらない) — particles, auxiliaries and symbols left
   * out, as Elasticsearch's kuromoji `.reading` sub-field reads it; and each
   * phrase read as a whole (みらい, cut as み + らい), as its `.kana` sub-field does.
   */
  searchForms = (text: string): SearchReadings => {
    const phrases: string[] = [];
    const words: string[][] = [];
    for (const phrase of text.split(PHRASE_BREAK)) {
      const morphemes = this.analyse(phrase);
      const whole = readingKey(morphemes.map((m) => m.reading).join(''));
      if (whole.length >= MIN_READING) phrases.push(whole);
      for (const m of morphemes) {
        if (!m.independent) continue;
        const readings = searchReadings(m, this.readingOf);
        if (readings.length > 0) words.push(readings);
      }
    }
    return { words, phrases: [...new Set(phrases)] };
  };

  utterance(text: string): AnalysedUtterance {
    const forms = this.formsOf(text);
    const restAfter = forms.map((_, i) =>
      forms
        .slice(i + 1)
        .map((f) => f.surface)
        .join(''),
    );
    const unknown = forms.flatMap((f, i) => (f.known ? [] : [{ reading: f.reading, rest: restAfter[i] ?? '' }]));
    const surfaces = forms.map((f) => f.surface);
    return { normalized: normalizeJapanese(text), runs: runsOf(forms), restAfter, unknown, surfaces };
  }

  /**
   * The engine's WordMatcher for this utterance: literal occurrences, then runs found by reading or base form;
   * an inflecting kanji word not found so, then in kana the analyser cut wrongly (kana-verbs.ts).
   */
  matcher(u: AnalysedUtterance): WordMatcher {
    const literal = literalMatcher(u.normalized);
    return (word) => {
      const found: WordMatch[] = literal(word);
      for (const key of this.wordKeys(word)) {
        for (const f of u.runs.get(key) ?? [])
          found.push({ negated: negatedAfter(u.restAfter[f.end] ?? ''), via: f.via });
        if (key.length >= MIN_INSIDE_UNKNOWN) found.push(...insideUnknown(u, key));
      }
      const stem = found.some((m) => !m.negated) ? null : this.stemOf(word);
      if (stem) found.push(...kanaInflections(this.analyse, u.surfaces, stem));
      return found;
    };
  }
}
