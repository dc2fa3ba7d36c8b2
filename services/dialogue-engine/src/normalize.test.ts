import { describe, expect, it } from 'vitest';
import { containsWord, normalizeJapanese, splitWordList } from './normalize.ts';

describe('normalizeJapanese', () => {
  it('normalizeJapanese, katakana and hiragana, become the same', () => {
    expect(normalizeJapanese('ラーメン')).toBe(normalizeJapanese('らーめん'));
  });

  it('normalizeJapanese, half-width katakana and full-width latin, are folded by NFKC', () => {
    expect(normalizeJapanese('ｷｮｳﾄ')).toBe('きょうと');
    expect(normalizeJapanese('ＡＢＣ１２３')).toBe('abc123');
  });

  it('normalizeJapanese, long vowel marks, punctuation and spaces, are removed', () => {
    expect(normalizeJapanese('ラーメン、 だいすき！')).toBe('らめんだいすき');
    expect(normalizeJapanese('え〜っと…？')).toBe('えっと');
  });

  it('containsWord, a word written differently from the utterance, still matches', () => {
    expect(containsWord(normalizeJapanese('私はﾗｰﾒﾝが好き'), 'らーめん')).toBe(true);
    expect(containsWord(normalizeJapanese('お寿司'), 'ラーメン')).toBe(false);
    expect(containsWord(normalizeJapanese('なんでも'), '、')).toBe(false);
  });

  it('splitWordList, ASCII and Japanese commas, split the legacy hit_word setting', () => {
    expect(splitWordList('はい, うん、そう，OK ,')).toEqual(['はい', 'うん', 'そう', 'OK']);
  });
});
