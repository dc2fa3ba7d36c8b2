import { describe, expect, it } from 'vitest';
import { embeddedScore, keywordScore, phrasesOf } from './keywords.ts';
import { sampleRecognition } from './test-kit.ts';

describe('keywordScore', () => {
  it('keywordScore, a phrase inside the utterance, is 100', () => {
    expect(keywordScore('今日はラーメンが食べたい', ['ラーメン'])).toBe(100);
  });

  it('keywordScore, width, kana and long vowels folded, still contains the phrase', () => {
    expect(keywordScore('ﾗｰﾒﾝ たべたい', ['らめん'])).toBe(100);
  });

  it('keywordScore, no phrase contained, is the best bigram overlap (Dice) below 100', () => {
    const score = keywordScore('動物', ['動物の話']);
    expect(score).toBe(50);
  });

  it('keywordScore, nothing in common, an empty utterance or no phrases, is 0', () => {
    expect(keywordScore('こんにちは', ['ラーメン'])).toBe(0);
    expect(keywordScore('、。！', ['ラーメン'])).toBe(0);
    expect(keywordScore('ラーメン', [])).toBe(0);
  });
});

describe('phrasesOf', () => {
  it('phrasesOf, duplicates and phrases of only punctuation, keeps each meaningful phrase once', () => {
    expect(
      phrasesOf({
        block_id: 'b',
        title: '',
        phrases: ['犬', '犬', '・', '猫'],
        spj_category: null,
        listen_next_block: [],
      }),
    ).toEqual(['犬', '猫']);
  });
});

describe('embeddedScore', () => {
  const recognition = sampleRecognition('c');

  it('embeddedScore, a phrase of a block the category leads to, is 100', () => {
    expect(embeddedScore(recognition, 'greeting', '犬を飼っています')).toBe(100);
  });

  it("embeddedScore, a phrase of the category's own block, is 100", () => {
    expect(embeddedScore(recognition, 'greeting', 'おはようございます')).toBe(100);
  });

  it('embeddedScore, a phrase of a block of another category, does not count', () => {
    expect(embeddedScore(recognition, 'food', 'こんにちは')).toBe(0);
  });

  it('embeddedScore, a category no block has, is an empty result (null)', () => {
    expect(embeddedScore(recognition, 'weather', '晴れ')).toBeNull();
  });
});
