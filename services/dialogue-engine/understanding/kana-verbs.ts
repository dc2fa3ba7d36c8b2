import { katakanaToHiragana, negatedAfter, normalizeJapanese, type WordMatch } from '../src/index.ts';
import type { Analyse, Morpheme } from './analyser.ts';

/**
 * A verb or adjective hit word written with kanji (歌う) said inflected in kana
 * that the analyser cuts wrongly: 「うたった」 is read as う (an interjection)
 * + たった (an adverb), so neither its reading nor a base form meets 歌う. Where
 * the reading of the word's kanji (うた) begins a morpheme of the utterance,
 * the kanji is written in (歌った) and the text analysed again: the word was
 * said only if the morpheme that then starts there is the word itself (its
 * dictionary form is the hit word), so 「うたがわしい」 (歌がわしい: 歌 + が …)
 * stays unmatched.
 */
export interface KanjiStem {
  /** The hit word's dictionary form (歌う). */
  word: string;
  /** Its kanji (歌) and their reading in hiragana (うた). */
  kanji: string;
  reading: string;
}

const LEADING_KANJI = /^[\p{Script=Han}々]+/u;
const HIRAGANA = /^[\p{Script=Hiragana}ー]+$/u;
/** A shorter kanji reading (終わる: お) would start too many morphemes to try. */
const MIN_STEM_READING = 2;

/** The kanji stem of a hit word that is one inflecting word in its dictionary form (歌う, 高い); else undefined. */
export function kanjiStemOf(word: string, analysed: Morpheme[]): KanjiStem | undefined {
  const [m, ...rest] = analysed;
  if (!m || rest.length > 0 || m.conjugation === '' || m.surface !== m.base || m.surface !== word.trim())
    return undefined;
  const kanji = LEADING_KANJI.exec(m.surface)?.[0];
  const okurigana = kanji ? m.surface.slice(kanji.length) : '';
  const reading = katakanaToHiragana(m.reading);
  if (!kanji || !HIRAGANA.test(okurigana) || !reading.endsWith(okurigana)) return undefined;
  const stem = reading.slice(0, reading.length - okurigana.length);
  return stem.length >= MIN_STEM_READING ? { word: m.base, kanji, reading: stem } : undefined;
}

/** Where each of the utterance's morphemes starts in its normalised surfaces, joined. */
function starts(surfaces: readonly string[]): number[] {
  const at: number[] = [];
  let offset = 0;
  for (const s of surfaces) {
    at.push(offset);
    offset += s.length;
  }
  return at;
}

/** The stem's inflected occurrences in an utterance (its morphemes' normalised surfaces), each checked for negation. */
export function kanaInflections(analyse: Analyse, surfaces: readonly string[], stem: KanjiStem): WordMatch[] {
  const text = surfaces.join('');
  if (!text.includes(stem.reading)) return [];
  const found: WordMatch[] = [];
  for (const at of starts(surfaces)) {
    if (!text.startsWith(stem.reading, at)) continue;
    const rewritten = text.slice(0, at) + stem.kanji + text.slice(at + stem.reading.length);
    let offset = 0;
    for (const m of analyse(rewritten)) {
      if (offset === at && m.base === stem.word && m.conjugation !== '') {
        found.push({ negated: negatedAfter(normalizeJapanese(rewritten.slice(at + m.surface.length))), via: 'base' });
      }
      offset += m.surface.length;
      if (offset > at) break;
    }
  }
  return found;
}
