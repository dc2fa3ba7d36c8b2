import { describe, expect, it } from 'vitest';
import { block } from '../blocks/testing.ts';
import { defaultLeadTo, hitWordPatch, searchPhrasePatch } from './hitWordEdit.ts';

describe('hitWordPatch', () => {
  it('hitWordPatch, a block without a route to the chosen block, appends a new route and keeps the others', () => {
    const b = block('b1', { hit_words: [{ words: ['ラーメン'], block_id: 'b2', slot: null }] });

    const patch = hitWordPatch(b, ' カレー ', 'b3');

    expect(patch).toEqual({
      hit_words: [
        { words: ['ラーメン'], block_id: 'b2', slot: null },
        { words: ['カレー'], block_id: 'b3', slot: null },
      ],
    });
  });

  it('hitWordPatch, a route to that block already there, adds the word to that route', () => {
    const b = block('b1', {
      hit_words: [
        { words: ['ラーメン'], block_id: 'b2', slot: null },
        { words: ['すし'], block_id: 'b3', slot: null },
      ],
    });

    expect(hitWordPatch(b, 'カレー', 'b2')).toEqual({
      hit_words: [
        { words: ['ラーメン', 'カレー'], block_id: 'b2', slot: null },
        { words: ['すし'], block_id: 'b3', slot: null },
      ],
    });
  });

  it('hitWordPatch, a route that fills a slot, is left alone and a plain route is added', () => {
    const slotRoute = { words: ['ラーメン'], block_id: 'b2', slot: { name: 'food', value: '' } };
    const b = block('b1', { hit_words: [slotRoute] });

    expect(hitWordPatch(b, 'カレー', 'b2')).toEqual({
      hit_words: [slotRoute, { words: ['カレー'], block_id: 'b2', slot: null }],
    });
  });

  it('hitWordPatch, the word already in the route, returns null (nothing to send)', () => {
    const b = block('b1', { hit_words: [{ words: ['カレー'], block_id: 'b2', slot: null }] });
    expect(hitWordPatch(b, 'カレー', 'b2')).toBeNull();
  });
});

describe('searchPhrasePatch', () => {
  it('searchPhrasePatch, a legacy list with Japanese commas, appends the text to the comma-separated list', () => {
    expect(searchPhrasePatch(block('b1', { hit_word: 'はい、うん' }), 'カレーが好き')).toEqual({
      hit_word: 'はい,うん,カレーが好き',
    });
  });

  it('searchPhrasePatch, an empty list, makes it the only phrase', () => {
    expect(searchPhrasePatch(block('b1'), 'カレー')).toEqual({ hit_word: 'カレー' });
  });

  it('searchPhrasePatch, a phrase already listed, returns null', () => {
    expect(searchPhrasePatch(block('b1', { hit_word: 'カレー,はい' }), 'カレー')).toBeNull();
  });
});

describe('defaultLeadTo', () => {
  it("defaultLeadTo, a block with routes, is the first route's block; else its listen_next_block; else none", () => {
    expect(
      defaultLeadTo(
        block('b1', { hit_words: [{ words: ['a'], block_id: 'b4', slot: null }], listen_next_block: ['b5'] }),
      ),
    ).toBe('b4');
    expect(defaultLeadTo(block('b1', { listen_next_block: ['b5'] }))).toBe('b5');
    expect(defaultLeadTo(block('b1'))).toBe('');
  });
});
