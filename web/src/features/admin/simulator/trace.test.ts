import { describe, expect, it } from 'vitest';
import { initialState } from '@talkwith/dialogue-engine';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { hitWordOf, traceOf } from './trace.ts';

const inBlock = (blockId: string) => ({ ...initialState(demoCharacter).rt, blockId });

describe('simulator trace', () => {
  it("hitWordOf, an utterance with a hit word of the block in hiragana, names the route's word the engine matched", () => {
    expect(hitWordOf(demoCharacter, 'greet', 'topic-food', 'ごはんが食べたい')).toBe('ごはん');
    expect(hitWordOf(demoCharacter, 'greet', 'topic-food', 'こんにちは')).toBeNull();
  });

  it('traceOf, a final utterance that entered a block by a hit word, says what was heard, the block and the word', () => {
    const entries = traceOf(demoCharacter, { type: 'speechFinal', text: 'ラーメンが好き' }, inBlock('topic-food'), [
      {
        type: 'trackStep',
        characterId: demoCharacter.id,
        blockId: 'food-reply',
        conversationId: null,
        utterance: 'ラーメンが好き',
        via: 'hitWord',
      },
    ]);

    expect(entries).toEqual([
      { kind: 'heard', text: 'ラーメンが好き' },
      { kind: 'step', blockId: 'food-reply', title: '食べ物の返事', via: 'hitWord', word: 'ラーメン' },
    ]);
  });

  it('traceOf, a hit word whose block sent the talk to a forgotten topic, shows the route the word took, then the topic', () => {
    const entries = traceOf(demoCharacter, { type: 'speechFinal', text: 'バイバイ' }, inBlock('greet'), [
      {
        type: 'trackStep',
        characterId: demoCharacter.id,
        blockId: 'topic-food',
        conversationId: null,
        utterance: 'バイバイ',
        via: 'flow',
        routed: { blockId: 'wrap-up', via: 'hitWord' },
      },
    ]);

    expect(entries.slice(1)).toEqual([
      { kind: 'step', blockId: 'wrap-up', title: 'まとめ', via: 'hitWord', word: 'バイバイ' },
      { kind: 'step', blockId: 'topic-food', title: '食べ物の話', via: 'flow', word: null },
    ]);
  });

  it("traceOf, a search answer and a score answer, carry the hits and the score against the block's threshold", () => {
    const hits = [{ block_id: 'kyoto', score: 87 }];
    const threshold = demoCharacter.blocks.find((b) => b.id === 'greet')!.spj_out_score;

    expect(traceOf(demoCharacter, { type: 'searchResult', requestId: 'r1', hits }, inBlock('greet'), [])).toEqual([
      { kind: 'search', hits },
    ]);
    expect(traceOf(demoCharacter, { type: 'scoreResult', requestId: 'r2', score: 40 }, inBlock('greet'), [])).toEqual([
      { kind: 'score', score: 40, threshold },
    ]);
  });
});
