import { describe, expect, it } from 'vitest';
import { rebasedDraft } from './blockFields.ts';
import { block } from './testing.ts';

describe('rebasedDraft', () => {
  it('rebasedDraft, an edge drawn on the graph while the title is being edited, takes the new route and keeps the typed title', () => {
    const before = block('b1', { listen_next_block: [] });
    const draft = { ...before, title: '打ちかけ' };
    const after = { ...before, listen_next_block: ['b2'] };

    expect(rebasedDraft(draft, before, after)).toEqual({ ...before, title: '打ちかけ', listen_next_block: ['b2'] });
  });

  it("rebasedDraft, a field the operator changed and the graph changed too, keeps the operator's value", () => {
    const before = block('b1', { play_final_block: [] });
    const draft = { ...before, play_final_block: ['b3'] };

    expect(rebasedDraft(draft, before, { ...before, play_final_block: ['b2'] }).play_final_block).toEqual(['b3']);
  });
});
