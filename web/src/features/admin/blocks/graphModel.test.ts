import { describe, expect, it } from 'vitest';
import { validateCharacter } from '@talkwith/dialogue-engine';
import { loadNamespace } from '../../../app/namespaces.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import { ADMIN_NS } from '../i18n.ts';
import { characterGraph, edgeText, findBlocks, startNodeId, type BlockNodeData, type EdgeKind } from './graphModel.ts';
import { extendLayout, layoutGraph, NODE_HEIGHT, skeletonEdges } from './layout.ts';
import { block, character } from './testing.ts';

const kindsFrom = (c: ReturnType<typeof character>, source: string) =>
  characterGraph(c, [])
    .edges.filter((e) => e.source === source)
    .map((e) => [e.kind, e.target, e.label]);

describe('characterGraph', () => {
  it('characterGraph, a block naming every kind of transition, gives one labelled edge of each kind', () => {
    const targets = Array.from({ length: 13 }, (_, i) => block(`t${i}`));
    const hub = block('hub', {
      hit_words: [{ words: ['こんにちは', 'やあ'], block_id: 't0', slot: null }],
      listen_next_block: ['t1'],
      valid_response_ids: ['t2'],
      not_hitword_blocks: ['t3'],
      force_blocks: ['t4'],
      spj_out_block_id: 't5',
      spj_empty_blocks: ['t6'],
      invalid_final_block: ['t7'],
      silence_final_blocks: ['t8'],
      play_final_block: ['t9'],
      random_end_block_id: 't10',
      replacement_block_ids: ['t11'],
      action_buttons: [{ id: 'a1', title: 'おわる', kind: 'block', block_id: 't12', video_id: null }],
    });

    const edges = kindsFrom(character([hub, ...targets]), 'hub');

    const expected: Array<[EdgeKind, string, string | null]> = [
      ['hit_word', 't0', 'こんにちは・やあ'],
      ['search', 't2', null],
      ['listen_next', 't1', null],
      ['force', 't4', null],
      ['not_hitword', 't3', null],
      ['spj_empty', 't6', null],
      ['spj_out', 't5', null],
      ['invalid_final', 't7', null],
      ['silence_final', 't8', null],
      ['play_final', 't9', null],
      ['replacement', 't11', null],
      ['random_end', 't10', null],
      ['action_button', 't12', 'おわる'],
    ];
    expect(edges).toEqual(expect.arrayContaining(expected));
    expect(edges).toHaveLength(expected.length);
  });

  it('characterGraph, start buttons, become entry nodes with a start edge to their block', () => {
    const c = character([block('b1'), block('b2')]);

    const graph = characterGraph(c, []);

    expect(graph.nodes[0]).toMatchObject({
      id: startNodeId('sb1'),
      data: { kind: 'start', title: 'はじめる', isDefault: true },
    });
    expect(graph.edges).toContainEqual(
      expect.objectContaining({ source: startNodeId('sb1'), target: 'b1', kind: 'start' }),
    );
  });

  it('characterGraph, a block nothing leads to, marks that node with BLOCK_UNREACHABLE', () => {
    const c = character([block('b1', { trigger_video_id: 'v2' }), block('b2', { trigger_video_id: 'v2' })]);

    const graph = characterGraph(c, validateCharacter(c));

    const faultsOf = (id: string) =>
      (graph.nodes.find((n) => n.id === id)?.data as BlockNodeData).faults.map((f) => f.code);
    expect([faultsOf('b1'), faultsOf('b2')]).toEqual([[], ['BLOCK_UNREACHABLE']]);
  });

  it('characterGraph, a reference to a missing block, draws no edge and puts the fault on the referring block', () => {
    const c = character([
      block('b1', { listen_video_ids: ['v1'], listen_next_block: ['ghost'], valid_response: true }),
    ]);

    const graph = characterGraph(c, validateCharacter(c));

    expect(graph.edges.filter((e) => e.target === 'ghost')).toEqual([]);
    const b1 = graph.nodes.find((n) => n.id === 'b1')?.data as BlockNodeData;
    expect(b1.faults.map((f) => f.message)).toContain(
      '参照先のブロックが存在しません。（ghost） — ブロック「タイトルb1」の「有効発話後の次ブロック」',
    );
  });

  it('characterGraph, a long hit-word list, truncates the label with an ellipsis', () => {
    const c = character([
      block('b1', {
        hit_words: [{ words: ['とてもとても長いヒットワードです', 'もうひとつ'], block_id: 'b1', slot: null }],
      }),
      block('b2'),
    ]);

    const [edge] = characterGraph(c, []).edges.filter((e) => e.kind === 'hit_word');

    expect(edge?.label).toHaveLength(18);
    expect(edge?.label?.endsWith('…')).toBe(true);
  });

  it('characterGraph, a fault of the character settings, lists it apart from the nodes', () => {
    const c = character([block('b1')], { setting: { ...character([]).setting, standby_video_id: null } });

    const graph = characterGraph(c, validateCharacter(c));

    expect(graph.otherFaults.map((f) => f.code)).toContain('NO_STANDBY_VIDEO');
  });

  it('characterGraph, badges, tell listening, random blocks and the trigger video title', () => {
    const c = character([
      block('b1', { listen_video_ids: ['v1'], trigger_video_id: 'v2' }),
      block('b2', { random_count: 2 }),
    ]);

    const [b1, b2] = characterGraph(c, [])
      .nodes.slice(1)
      .map((n) => n.data as BlockNodeData);

    expect([b1?.listens, b1?.videoTitle, b1?.random]).toEqual([true, 'あいさつ', false]);
    expect([b2?.listens, b2?.random]).toEqual([false, true]);
  });
});

describe('findBlocks', () => {
  it('findBlocks, a query, matches ids and titles case-insensitively and nothing for blank', () => {
    const c = character([block('Greeting', { title: '挨拶' }), block('farewell', { title: 'さよなら' })]);

    expect(findBlocks(c, 'greet').map((b) => b.id)).toEqual(['Greeting']);
    expect(findBlocks(c, 'さよ').map((b) => b.id)).toEqual(['farewell']);
    expect(findBlocks(c, '  ')).toEqual([]);
  });
});

describe('layout', () => {
  it('skeletonEdges, a graph with a cycle, keeps a spanning tree reached from the start button first', () => {
    const c = character([
      block('a', { play_final_block: ['b'] }),
      block('b', { play_final_block: ['a', 'c'] }),
      block('c'),
    ]);
    const graph = characterGraph(c, []);

    expect(skeletonEdges(graph.nodes, graph.edges)).toEqual([
      [startNodeId('sb1'), 'a'],
      ['a', 'b'],
      ['b', 'c'],
    ]);
  });

  it('layoutGraph, a chain, places each step to the right of the one before', () => {
    const c = character([block('a', { play_final_block: ['b'] }), block('b', { play_final_block: ['c'] }), block('c')]);
    const graph = characterGraph(c, []);

    const positions = layoutGraph(graph.nodes, graph.edges);

    const xs = ['a', 'b', 'c'].map((id) => positions.get(id)?.x ?? NaN);
    expect(xs[0]).toBeLessThan(xs[1] as number);
    expect(xs[1]).toBeLessThan(xs[2] as number);
  });

  it('layoutGraph, a branching graph with cycles, never puts two nodes of a column on top of each other', () => {
    const blocks = Array.from({ length: 60 }, (_, i) =>
      block(`b${i}`, { play_final_block: [`b${(i * 7 + 1) % 60}`, `b${(i + 2) % 60}`], invalid_final_block: ['b59'] }),
    );
    const graph = characterGraph(character(blocks), []);

    const positions = [...layoutGraph(graph.nodes, graph.edges).values()];

    expect(positions).toHaveLength(graph.nodes.length);
    for (const a of positions) {
      const overlapping = positions.filter((b) => b !== a && b.x === a.x && Math.abs(b.y - a.y) < NODE_HEIGHT);
      expect(overlapping).toEqual([]);
    }
  });

  it('extendLayout, a new block, keeps every known position and puts the new one right of its parent', () => {
    const before = character([block('a')]);
    const after = character([block('a', { play_final_block: ['n'] }), block('n')]);
    const first = layoutGraph(characterGraph(before, []).nodes, characterGraph(before, []).edges);
    const graph = characterGraph(after, []);

    const next = extendLayout(first, graph.nodes, graph.edges);

    expect(next.get('a')).toEqual(first.get('a'));
    expect(next.get(startNodeId('sb1'))).toEqual(first.get(startNodeId('sb1')));
    expect(next.get('n')?.x).toBeGreaterThan(first.get('a')?.x ?? Infinity);
  });
});

describe('edgeText', () => {
  async function japanese() {
    const i18n = await createI18n('ja-JP', loadNamespace);
    await i18n.loadNamespaces(ADMIN_NS);
    return i18n.getFixedT('ja-JP', ADMIN_NS);
  }

  it('edgeText, a hit-word and a button edge, reads the kind before the own label', async () => {
    const c = character([
      block('b1', {
        hit_words: [{ words: ['ラーメン', 'そば'], block_id: 'b2', slot: null }],
        action_buttons: [{ id: 'button1', title: 'もう一度', kind: 'block', block_id: 'b2', video_id: null }],
      }),
      block('b2'),
    ]);
    const t = await japanese();

    const texts = characterGraph(c, [])
      .edges.filter((e) => e.source === 'b1')
      .map((e) => edgeText(e, t));

    expect(texts.sort()).toEqual(['ヒット: ラーメン・そば', 'ボタン: もう一度']);
  });

  it('edgeText, an edge without a label of its own or with no words, reads the kind name alone', async () => {
    const c = character([
      block('b1', { hit_words: [{ words: [], block_id: 'b2', slot: null }], listen_next_block: ['b2'] }),
      block('b2'),
    ]);
    const t = await japanese();

    const texts = characterGraph(c, [])
      .edges.filter((e) => e.source === 'b1')
      .map((e) => edgeText(e, t));

    expect(texts.sort()).toEqual(['ヒットワード', '聞き取り後（有効発話）'].sort());
  });

  it('edgeText, a label on a kind that has no labelled text, reads the kind name, never a missing key', async () => {
    const t = await japanese();

    const text = edgeText({ kind: 'listen_next', label: 'どこか' }, t);

    expect(text).toBe('聞き取り後（有効発話）');
  });

  it('edgeText, a long word list, keeps the truncated words after the prefix', async () => {
    const c = character([
      block('b1', {
        hit_words: [{ words: ['とてもとても長いヒットワードです', 'もうひとつ'], block_id: 'b1', slot: null }],
      }),
    ]);
    const t = await japanese();

    const [edge] = characterGraph(c, []).edges.filter((e) => e.kind === 'hit_word');

    expect(edgeText(edge!, t)).toBe(`ヒット: ${'とてもとても長いヒットワードです・もうひとつ'.slice(0, 17)}…`);
  });
});
