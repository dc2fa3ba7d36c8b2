import { describe, expect, it } from 'vitest';
import { groupUnmatched } from './groups.ts';
import { bigramSimilarity, nearDuplicates, normaliseUtterance } from './normalise.ts';

describe('normaliseUtterance', () => {
  it.each([
    ['ラーメン！', 'らーめん'],
    ['ﾗｰﾒﾝ　', 'らーめん'],
    ['  Hello, World ', 'helloworld'],
    ['すし〜。', 'すし'],
  ])('normalise, %s, gives %s (long-vowel marks kept)', (text, expected) => {
    expect(normaliseUtterance(text)).toBe(expected);
  });
});

describe('near duplicates', () => {
  it('bigram similarity, ありがとう and ありがとうね, is 0.8 and they are near duplicates', () => {
    expect(bigramSimilarity('ありがとう', 'ありがとうね')).toBeCloseTo(0.8);
    expect(nearDuplicates('ありがとう', 'ありがとうね')).toBe(true);
  });

  it('near duplicates, らーめん and らーめんください, are different utterances', () => {
    expect(nearDuplicates('らーめん', 'らーめんください')).toBe(false);
  });

  it('near duplicates, one-character texts, match only themselves', () => {
    expect([nearDuplicates('あ', 'あ'), nearDuplicates('あ', 'い')]).toEqual([true, false]);
  });
});

describe('groupUnmatched', () => {
  it('group, a smaller near-duplicate, joins the larger group and keeps the latest time', () => {
    const row = (text: string, normalised: string, at: string) => ({ block_id: 'b', text, normalised, at });

    const groups = groupUnmatched([
      row('ありがとう', 'ありがとう', '2025-01-01T00:00:00.000Z'),
      row('ありがとう', 'ありがとう', '2025-01-02T00:00:00.000Z'),
      row('ありがとうね', 'ありがとうね', '2025-01-03T00:00:00.000Z'),
    ]);

    expect(groups).toEqual([
      {
        text: 'ありがとう',
        count: 3,
        variants: [
          { text: 'ありがとう', count: 2 },
          { text: 'ありがとうね', count: 1 },
        ],
        blocks: [{ block_id: 'b', count: 3 }],
        last_at: '2025-01-03T00:00:00.000Z',
        best_score: null,
        nearest_block_id: null,
      },
    ]);
  });

  it('group, near misses reported by some of its utterances and a merged near-duplicate, keeps the closest one', () => {
    const at = '2025-01-01T00:00:00.000Z';
    const row = (text: string, near: { best_score?: number; nearest_block_id?: string } = {}) => ({
      block_id: 'b',
      text,
      normalised: text,
      at,
      ...near,
    });

    const [group] = groupUnmatched([
      row('とおくにいきたい', { best_score: 0.4, nearest_block_id: 'greet' }),
      row('とおくにいきたい'),
      row('とおくにいきたいな', { best_score: 0.9, nearest_block_id: 'travel' }),
    ]);

    expect(group).toMatchObject({ count: 3, best_score: 0.9, nearest_block_id: 'travel' });
  });
});
