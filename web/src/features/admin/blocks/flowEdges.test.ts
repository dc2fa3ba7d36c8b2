import { describe, expect, it } from 'vitest';
import { validateCharacter } from '@talkwith/dialogue-engine';
import { labelOffsets } from './flowEdges.ts';
import { characterGraph } from './graphModel.ts';
import { layoutGraph } from './layout.ts';
import { block, character } from './testing.ts';

describe('labelOffsets', () => {
  it('labelOffsets, two transitions between the same blocks, puts the second label a line below the first', () => {
    const c = character([block('b1', { listen_next_block: ['b2'], invalid_final_block: ['b2'] }), block('b2')]);
    const graph = characterGraph(c, validateCharacter(c));
    const offsets = labelOffsets(graph, layoutGraph(graph.nodes, graph.edges));

    const [first, second] = graph.edges.filter((e) => e.source === 'b1').map((e) => offsets.get(e.id));

    expect([first, second]).toEqual([0, 16]);
  });

  it('labelOffsets, transitions far apart, leaves every label at the middle of its curve', () => {
    const c = character([
      block('b1', { listen_next_block: ['b2'] }),
      block('b2', { play_final_block: ['b3'] }),
      block('b3'),
    ]);
    const graph = characterGraph(c, validateCharacter(c));
    const offsets = labelOffsets(graph, layoutGraph(graph.nodes, graph.edges));

    expect([...offsets.values()]).toEqual([0, 0, 0]);
  });
});
