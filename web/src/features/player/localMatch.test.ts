import { describe, expect, it } from 'vitest';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { Character } from '@talkwith/proto/dialogue';
import { keywordScore, keywordsOf, scoreLocally, searchLocally } from './localMatch.ts';

describe('local search and score', () => {
  it('keywordScore, keyword inside the utterance in another script and width, scores 100', () => {
    expect(keywordScore('ﾗｰﾒﾝが食べたい', ['らあめん', 'ラーメン'])).toBe(100);
  });

  it('keywordScore, partial overlap only, scores between 0 and 100 by shared character pairs', () => {
    const score = keywordScore('北海に行く', ['北海道']);
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(100);
  });

  it('keywordScore, nothing in common or no keywords, scores 0', () => {
    expect(keywordScore('こんにちは', ['京都'])).toBe(0);
    expect(keywordScore('こんにちは', [])).toBe(0);
  });

  it('keywordsOf, demo greet block, collects hit words and the title parts', () => {
    const greet = demoCharacter.blocks.find((b) => b.id === 'greet');
    expect(greet && keywordsOf(greet)).toEqual(expect.arrayContaining(['京都', 'ラーメン', 'あいさつ', '話題えらび']));
  });

  it('searchLocally, utterance naming one candidate, ranks that block first and leaves out non-matching ones', () => {
    expect(searchLocally(demoCharacter, '京都のお寺が見たい', ['hokkaido', 'kyoto', 'missing'])).toEqual([{ block_id: 'kyoto', score: 100 }]);
  });

  it('scoreLocally, utterance matching a block the current one leads to, scores 100; unknown block gives null', () => {
    const character: Character = {
      ...demoCharacter,
      blocks: demoCharacter.blocks.map((b) => (b.id === 'topic-travel' ? { ...b, hit_words: [], listen_next_block: ['kyoto'], spj_category: 'travel' } : b)),
    };
    expect(scoreLocally(character, 'topic-travel', '京都がいいな')).toBe(100);
    expect(scoreLocally(character, 'nope', '京都')).toBeNull();
  });
});
