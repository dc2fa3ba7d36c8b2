import { describe, expect, it } from 'vitest';
import { blockEdges } from './graphModel.ts';
import { block } from './testing.ts';
import { connectPatch, disconnectPatch, edgeField, splitWords } from './transitionEdits.ts';

describe('transitionEdits', () => {
  it('connectPatch, a hit word, appends it with its words and the target', () => {
    const b = block('b1', { hit_words: [{ words: ['いいえ'], block_id: 'b3', slot: null }] });

    expect(connectPatch(b, 'hit_word', 'b2', ['はい', 'うん'])).toEqual({
      hit_words: [
        { words: ['いいえ'], block_id: 'b3', slot: null },
        { words: ['はい', 'うん'], block_id: 'b2', slot: null },
      ],
    });
  });

  it('connectPatch, a list kind already holding the target, keeps one copy; a single field is set', () => {
    const b = block('b1', { listen_next_block: ['b2'] });

    expect(connectPatch(b, 'listen_next', 'b2')).toEqual({ listen_next_block: ['b2'] });
    expect(connectPatch(b, 'invalid_final', 'b2')).toEqual({ invalid_final_block: ['b2'] });
    expect(connectPatch(b, 'spj_out', 'b2')).toEqual({ spj_out_block_id: 'b2' });
  });

  it('disconnectPatch, each edge of a block, removes exactly the reference that edge draws', () => {
    const b = block('b1', {
      hit_words: [
        { words: ['はい'], block_id: 'b2', slot: null },
        { words: ['いいえ'], block_id: 'b2', slot: null },
      ],
      silence_final_blocks: ['b2', 'b3'],
      random_end_block_id: 'b3',
    });
    const edges = blockEdges(b, () => true);
    const patchOf = (id: string) => disconnectPatch(b, edgeField(id)!, edges.find((e) => e.id === id)!.target);

    expect(edges.map((e) => patchOf(e.id))).toEqual([
      { hit_words: [{ words: ['いいえ'], block_id: 'b2', slot: null }] },
      { hit_words: [{ words: ['はい'], block_id: 'b2', slot: null }] },
      { random_end_block_id: null },
      { silence_final_blocks: ['b3'] },
      { silence_final_blocks: ['b2'] },
    ]);
  });

  it('splitWords, Japanese and Latin separators, gives the trimmed words without empties', () => {
    expect(splitWords(' はい、うん ,, OK')).toEqual(['はい', 'うん', 'OK']);
  });
});
