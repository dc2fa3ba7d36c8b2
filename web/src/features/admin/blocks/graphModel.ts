import { blockBlockReferences, blockListens, type ValidationProblem } from '@talkwith/dialogue-engine';
import type { Block, Character, PublicCharacter } from '@talkwith/proto/dialogue';
import type { AdminT } from '../i18n.ts';

/**
 * The character as a graph, independent of the drawing library: one node per
 * block and per start button, one edge per transition a block names (the
 * engine's own list of block references, so no route is forgotten).
 */

/** Every kind of transition, in legend order, with its colour (distinct at a glance, readable on white). */
export const EDGE_KINDS = {
  start: '#1f2544',
  hit_word: '#2563eb',
  listen_next: '#16a34a',
  search: '#0d9488',
  not_hitword: '#65a30d',
  force: '#7c3aed',
  spj_out: '#db2777',
  spj_empty: '#c026d3',
  invalid_final: '#dc2626',
  silence_final: '#64748b',
  play_final: '#0891b2',
  random_end: '#ca8a04',
  replacement: '#ea580c',
  action_button: '#9333ea',
} as const;
export type EdgeKind = keyof typeof EDGE_KINDS;

/** Which field leads to which kind of transition (`hit_words[0].block_id` → `hit_words`). */
const KIND_OF_FIELD: Record<string, EdgeKind> = {
  hit_words: 'hit_word',
  listen_next_block: 'listen_next',
  valid_response_ids: 'search',
  not_hitword_blocks: 'not_hitword',
  force_blocks: 'force',
  spj_out_block_id: 'spj_out',
  spj_empty_blocks: 'spj_empty',
  invalid_final_block: 'invalid_final',
  silence_final_blocks: 'silence_final',
  silence_final_block_id: 'silence_final',
  play_final_block: 'play_final',
  random_end_block_id: 'random_end',
  replacement_block_ids: 'replacement',
  action_buttons: 'action_button',
};

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  kind: EdgeKind;
  /** Own label (the hit words, the button title), shortened for the canvas; null = the kind's name. */
  label: string | null;
  /** The own label in full (shown on hover); absent when it is not shortened. */
  fullLabel?: string;
}

export interface BlockNodeData {
  [key: string]: unknown;
  kind: 'block';
  block: Block;
  videoTitle: string | null;
  listens: boolean;
  random: boolean;
  faults: ValidationProblem[];
}
export interface StartNodeData {
  [key: string]: unknown;
  kind: 'start';
  title: string;
  isDefault: boolean;
}
export interface GraphNode {
  id: string;
  data: BlockNodeData | StartNodeData;
}

export interface CharacterGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Faults that belong to no block on the graph (character settings, videos). */
  otherFaults: ValidationProblem[];
}

/**
 * What the graph is drawn from: the editor's full character, or the draft as
 * the simulator plays it (PublicCharacter: no credentials, no synonym groups).
 */
export type GraphSource = Pick<PublicCharacter, 'blocks' | 'videos' | 'startButtons'> & {
  setting: Pick<PublicCharacter['setting'], 'default_start_button_id'>;
};

export const LABEL_MAX = 18;
export const truncate = (text: string, max = LABEL_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
export const startNodeId = (buttonId: string) => `start:${buttonId}`;

/** The console's `t` (a type only, so this module stays free of React). */
export type Translate = AdminT;

/**
 * What an edge reads on the canvas: its own label after the kind's short name
 * (「ヒット: ラーメン」), so the graph reads without the legend; the kind's name
 * alone when it has no label of its own (or an empty one).
 */
export function edgeText(edge: Pick<GraphEdge, 'kind' | 'label'>, t: Translate): string {
  return edge.label && hasOwnLabel(edge.kind)
    ? t(`blocks.edgeLabel.${edge.kind}`, { label: edge.label })
    : t(`blocks.edge.${edge.kind}`);
}

/** The kinds whose edges carry a label of their own (fullLabelOf: the hit words, the button's title). */
const hasOwnLabel = (kind: EdgeKind): kind is 'hit_word' | 'action_button' =>
  kind === 'hit_word' || kind === 'action_button';

function fullLabelOf(block: Block, field: string): string | null {
  const index = Number(/\[(\d+)\]/.exec(field)?.[1] ?? -1);
  if (field.startsWith('hit_words')) return block.hit_words[index]?.words.join('・') ?? '';
  if (field.startsWith('action_buttons')) return block.action_buttons[index]?.title ?? '';
  return null;
}

/** The transitions of one block to blocks that exist (a dangling one is a fault, not an edge). */
export function blockEdges(block: Block, exists: (id: string) => boolean): GraphEdge[] {
  return blockBlockReferences(block).flatMap((ref, i) => {
    const kind = KIND_OF_FIELD[ref.field.replace(/\[.*$/, '')];
    if (!kind || !exists(ref.id)) return [];
    const full = fullLabelOf(block, ref.field);
    const label = full === null ? null : truncate(full);
    return [
      {
        id: `${block.id}→${ref.id}#${ref.field}#${i}`,
        source: block.id,
        target: ref.id,
        kind,
        label,
        ...(full !== null && full !== label ? { fullLabel: full } : {}),
      },
    ];
  });
}

/**
 * Puts each fault on the block it concerns. A missing-block fault names the
 * missing id, so it goes to the blocks that refer to that id instead.
 */
export function faultsByBlock(
  character: Pick<Character, 'blocks'>,
  faults: ValidationProblem[],
): { byBlock: Map<string, ValidationProblem[]>; other: ValidationProblem[] } {
  const byBlock = new Map<string, ValidationProblem[]>();
  const other: ValidationProblem[] = [];
  const blockIds = new Set(character.blocks.map((b) => b.id));
  const add = (id: string, fault: ValidationProblem) => byBlock.set(id, [...(byBlock.get(id) ?? []), fault]);
  for (const fault of faults) {
    if (fault.blockId && blockIds.has(fault.blockId)) {
      add(fault.blockId, fault);
      continue;
    }
    const missing = fault.blockId;
    const referrers = missing
      ? character.blocks.filter((b) => blockBlockReferences(b).some((r) => r.id === missing))
      : [];
    for (const b of referrers) add(b.id, { ...fault, message: `${fault.message}（${missing}）` });
    if (referrers.length === 0) other.push(fault);
  }
  return { byBlock, other };
}

function startGraph(
  character: GraphSource,
  exists: (id: string) => boolean,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = character.startButtons.map((b) => ({
    id: startNodeId(b.id),
    data: { kind: 'start', title: b.title, isDefault: b.id === character.setting.default_start_button_id },
  }));
  const edges: GraphEdge[] = character.startButtons
    .filter((b) => exists(b.block_id))
    .map((b) => ({
      id: `${startNodeId(b.id)}→${b.block_id}`,
      source: startNodeId(b.id),
      target: b.block_id,
      kind: 'start',
      label: null,
    }));
  return { nodes, edges };
}

/** The whole graph of a character with its faults placed on the nodes. */
export function characterGraph(character: GraphSource, faults: ValidationProblem[]): CharacterGraph {
  const blockIds = new Set(character.blocks.map((b) => b.id));
  const exists = (id: string) => blockIds.has(id);
  const videoTitles = new Map(character.videos.map((v) => [v.id, v.title]));
  const { byBlock, other } = faultsByBlock(character, faults);
  const start = startGraph(character, exists);
  const blockNodes: GraphNode[] = character.blocks.map((block) => ({
    id: block.id,
    data: {
      kind: 'block',
      block,
      listens: blockListens(block),
      random: block.random_count > 0,
      faults: byBlock.get(block.id) ?? [],
      videoTitle: block.trigger_video_id ? (videoTitles.get(block.trigger_video_id) ?? null) : null,
    },
  }));
  return {
    nodes: [...start.nodes, ...blockNodes],
    edges: [...start.edges, ...character.blocks.flatMap((b) => blockEdges(b, exists))],
    otherFaults: other,
  };
}

/** Blocks whose id or title contains the query (case-insensitive), for the search box. */
export function findBlocks(character: Character, query: string, limit = 20): Block[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  return character.blocks
    .filter((b) => b.id.toLowerCase().includes(q) || b.title.toLowerCase().includes(q))
    .slice(0, limit);
}
