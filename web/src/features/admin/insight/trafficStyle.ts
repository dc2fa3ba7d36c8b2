import type { BlockInsightReply } from '@talkwith/proto/dialogue';

/**
 * The graph editor's 「トラフィック表示」: how many times each block was entered
 * (a fill from light to strong), blocks where many talks end (marked), and how
 * often each arrow was followed (its width). Computed once per reply, looked
 * up per node and edge by the canvas.
 */
export const TRAFFIC_SHADES = ['#eaf1fe', '#cddffc', '#a9c6f8', '#84abf2', '#5f90ea'] as const;
/** A block where at least this share of entries ended the talk (and at least two talks) is marked. */
export const HIGH_DROP_RATE = 0.3;
const HIGH_DROP_MIN = 2;
export const EDGE_WIDTH = { none: 1.5, max: 9 } as const;
/** The editor's arrowhead size at its usual 1.5 stroke (blocks/BlockGraph). */
const MARKER_SIZE = 16;

export interface NodeTraffic {
  entries: number;
  dropped: number;
  shade: string;
  highDrop: boolean;
}
export interface TrafficStyle {
  nodes: ReadonlyMap<string, NodeTraffic>;
  edges: ReadonlyMap<string, number>;
  maxEntries: number;
  maxCount: number;
}

const edgeKey = (from: string, to: string) => `${from}\n${to}`;
/** 0..1 on a square-root scale, so a block entered 10 times still shows beside one entered 1,000 times. */
const scaled = (value: number, max: number) => (max > 0 ? Math.sqrt(value / max) : 0);

export function trafficStyle(reply: Pick<BlockInsightReply, 'blocks' | 'edges'>): TrafficStyle {
  const maxEntries = Math.max(0, ...reply.blocks.map((b) => b.entries));
  const maxCount = Math.max(0, ...reply.edges.map((e) => e.count));
  const nodes = new Map<string, NodeTraffic>();
  for (const b of reply.blocks) {
    if (b.entries === 0) continue;
    const shade =
      TRAFFIC_SHADES[
        Math.min(TRAFFIC_SHADES.length - 1, Math.floor(scaled(b.entries, maxEntries) * TRAFFIC_SHADES.length))
      ] ?? TRAFFIC_SHADES[0];
    const highDrop = b.dropped >= HIGH_DROP_MIN && b.dropped / b.entries >= HIGH_DROP_RATE;
    nodes.set(b.block_id, { entries: b.entries, dropped: b.dropped, shade, highDrop });
  }
  const edges = new Map<string, number>();
  for (const e of reply.edges) {
    // Half-pixel steps: each distinct width is an arrowhead definition of its own in xyflow.
    if (e.count > 0)
      edges.set(
        edgeKey(e.from, e.to),
        Math.round((EDGE_WIDTH.none + scaled(e.count, maxCount) * (EDGE_WIDTH.max - EDGE_WIDTH.none)) * 2) / 2,
      );
  }
  return { nodes, edges, maxEntries, maxCount };
}

/** What a node wears: its shade as a CSS variable the block card reads (its data stays the same, so it does not re-render), a class when many leave there. */
export function nodeLook(traffic: TrafficStyle, id: string): { style?: Record<string, string>; className?: string } {
  const node = traffic.nodes.get(id);
  if (!node) return { className: 'bg-traffic--none' };
  return { style: { '--bg-traffic': node.shade }, className: node.highDrop ? 'bg-traffic--drop' : undefined };
}

/**
 * An arrow's look: followed arrows thicker the more they were followed, the
 * others thin and faded. xyflow sizes the arrowhead in stroke widths, so its
 * size is divided by the width to keep the head as large as without the overlay.
 */
export function edgeLook(
  traffic: TrafficStyle,
  source: string,
  target: string,
): { style: { strokeWidth: number; opacity?: number }; markerSize: number } {
  const width = traffic.edges.get(edgeKey(source, target));
  const style = width === undefined ? { strokeWidth: 1, opacity: 0.35 } : { strokeWidth: width };
  return { style, markerSize: (MARKER_SIZE * EDGE_WIDTH.none) / style.strokeWidth };
}
