import { describe, expect, it } from 'vitest';
import { analyzeJapanese, normalizeJapanese } from './analyzer.ts';

describe('normalizeJapanese', () => {
  it('normalizeJapanese, mixed widths and scripts, folds to one form', () => {
    expect(normalizeJapanese('ＡＢＣ　ｶﾀｶﾅ！')).toBe('abc かたかな');
    expect(normalizeJapanese('コンピューター')).toBe('こんぴゅた');
    expect(normalizeJapanese('Hello, World.')).toBe('hello world');
  });

  it('normalizeJapanese, long-vowel mark outside kana, keeps latin hyphen semantics as a space', () => {
    expect(normalizeJapanese('e-mail')).toBe('e mail');
  });
});

describe('analyzeJapanese', () => {
  it('analyzeJapanese, Japanese sentence, yields words and bigrams', () => {
    const tokens = analyzeJapanese('ねこがすき');
    expect(tokens).toContain('ねこ');
    expect(tokens).toContain('がす');
    expect(tokens).toContain('すき');
  });

  it('analyzeJapanese, latin words and numbers, yields lower-case words', () => {
    expect(analyzeJapanese('TALK WITH 24')).toEqual(['talk', 'with', '24']);
  });

  it('analyzeJapanese, punctuation only, yields nothing', () => {
    expect(analyzeJapanese('、。！？…')).toEqual([]);
  });
});
