import dagre from '@dagrejs/dagre';
import type { GraphEdge, GraphNode } from './graphModel.ts';

/**
 * Automatic layout, left to right, with dagre on the graph's *skeleton*: the
 * breadth-first tree from the start buttons (then from any block not reached).
 * Every edge is still drawn; only the layout ignores the others. Why: a
 * layered layout of the whole graph turns each long or backward edge into a
 * chain of dummy nodes, and a 500-block character with ~2,500 transitions took
 * minutes with dagre and seconds with elkjs (measured in Node: 200 blocks, dagre
 * 47 s, elk layered 16 s); on the tree dagre needs ~0.2–0.4 s for 500 blocks
 * and elk layered about twice that, so dagre it is, on the main thread.
 */

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 84;
export const START_WIDTH = 160;
export const START_HEIGHT = 44;

export interface Position { x: number; y: number }
export type Positions = Map<string, Position>;

const sizeOf = (node: GraphNode) => (node.data.kind === 'start' ? { width: START_WIDTH, height: START_HEIGHT } : { width: NODE_WIDTH, height: NODE_HEIGHT });

/** The breadth-first spanning forest: entry nodes first, in the graph's order. */
export function skeletonEdges(nodes: GraphNode[], edges: GraphEdge[]): Array<[string, string]> {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  const roots = [...nodes.filter((n) => n.data.kind === 'start'), ...nodes.filter((n) => n.data.kind === 'block')].map((n) => n.id);
  const seen = new Set<string>();
  const tree: Array<[string, string]> = [];
  for (const root of roots) {
    if (seen.has(root)) continue;
    seen.add(root);
    const queue = [root];
    for (let head = 0; head < queue.length; head += 1) {
      const id = queue[head] as string;
      for (const target of out.get(id) ?? []) {
        if (seen.has(target)) continue;
        seen.add(target);
        tree.push([id, target]);
        queue.push(target);
      }
    }
  }
  return tree;
}

/** Top-left positions of every node (xyflow's convention). */
export function layoutGraph(nodes: GraphNode[], edges: GraphEdge[]): Positions {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 20, ranksep: 90, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) g.setNode(node.id, sizeOf(node));
  for (const [source, target] of skeletonEdges(nodes, edges)) g.setEdge(source, target);
  dagre.layout(g);
  const positions: Positions = new Map();
  for (const node of nodes) {
    const { x, y, width, height } = g.node(node.id);
    positions.set(node.id, { x: x - width / 2, y: y - height / 2 });
  }
  return positions;
}

/**
 * Keeps the positions the graph already has and places only the new nodes:
 * right of a node that leads to them, else below everything. An edit never
 * makes the graph jump.
 */
export function extendLayout(previous: Positions, nodes: GraphNode[], edges: GraphEdge[]): Positions {
  const positions: Positions = new Map();
  let bottom = 0;
  for (const node of nodes) {
    const known = previous.get(node.id);
    if (known) { positions.set(node.id, known); bottom = Math.max(bottom, known.y + NODE_HEIGHT); }
  }
  let stacked = 0;
  for (const node of nodes) {
    if (positions.has(node.id)) continue;
    const parent = edges.find((e) => e.target === node.id && positions.has(e.source));
    const from = parent ? positions.get(parent.source) : undefined;
    const placed = from ? { x: from.x + NODE_WIDTH + 90, y: from.y + stacked * 24 } : { x: 20 + stacked * (NODE_WIDTH + 20), y: bottom + 60 };
    positions.set(node.id, placed);
    stacked += 1;
  }
  return positions;
}
