import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wrapJapanese } from './layout.ts';

describe('wrapJapanese', () => {
  it('wrapJapanese, a sentence with punctuation, breaks after the punctuation', () => {
    expect(wrapJapanese('ラーメンが大好き！あなたは何が好き？', 12)).toEqual([
      'ラーメンが大好き！',
      'あなたは何が好き？',
    ]);
  });

  it('wrapJapanese, a long phrase, breaks after a particle near the middle', () => {
    expect(wrapJapanese('マイクに向かって話しかけてみてね。', 12)).toEqual(['マイクに向かって', '話しかけてみてね。']);
  });

  it('wrapJapanese, a katakana compound, keeps it on one line', () => {
    expect(wrapJapanese('今日のラッキーカラーは赤！', 12)).toEqual(['今日の', 'ラッキーカラーは赤！']);
  });

  it('wrapJapanese, any text, keeps every character in order and no line over the limit', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'あいうえおカキクケコ今日は、。！？ー'),
      minLength: 1,
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, fc.integer({ min: 4, max: 16 }), (input, maxChars) => {
        const lines = wrapJapanese(input, maxChars);

        expect(lines.join('')).toBe(input);
        for (const line of lines) expect([...line].length).toBeLessThanOrEqual(maxChars);
      }),
    );
  });

  it('wrapJapanese, words each followed by at most one punctuation mark, never starts a line with punctuation', () => {
    const word = fc.string({ unit: fc.constantFrom(...'あいうカキー今日は'), minLength: 1, maxLength: 8 });
    const phrase = fc.tuple(word, fc.constantFrom('', '、', '。', '！', '？')).map(([w, mark]) => w + mark);
    fc.assert(
      fc.property(
        fc.array(phrase, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 4, max: 16 }),
        (phrases, maxChars) => {
          const lines = wrapJapanese(phrases.join(''), maxChars);

          for (const line of lines) expect(line).not.toMatch(/^[、。！？]/);
        },
      ),
    );
  });

  it('wrapJapanese, empty text, gives no lines', () => {
    expect(wrapJapanese('', 12)).toEqual([]);
  });
});
