import type { GraphEdge, GraphNode } from './graphModel.ts';

/**
 * Automatic layout, left to right, of the graph's *skeleton*: the
 * breadth-first tree from the start buttons (then from any block not reached).
 * Every edge is still drawn; only the layout ignores the others. Why not a
 * layered layout of the whole graph (elkjs, dagre): each long or backward edge
 * becomes a chain of dummy nodes, and a generated 500-block character (2,600
 * transitions) took minutes with dagre and seconds with elkjs; even on the
 * skeleton tree dagre took 1.3–2.5 s (Node, a loaded 2-core machine), while a
 * tree needs no crossing minimisation at all: the tidy tree below takes a few
 * milliseconds.
 */

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 84;
export const START_WIDTH = 160;
export const START_HEIGHT = 44;

export interface Position {
  x: number;
  y: number;
}
export type Positions = Map<string, Position>;

/** The breadth-first spanning forest: entry nodes first, in the graph's order. */
export function skeletonEdges(nodes: GraphNode[], edges: GraphEdge[]): Array<[string, string]> {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  const roots = [...nodes.filter((n) => n.data.kind === 'start'), ...nodes.filter((n) => n.data.kind === 'block')].map(
    (n) => n.id,
  );
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

const COLUMN = NODE_WIDTH + 90;
const ROW = NODE_HEIGHT + 20;

/**
 * Top-left positions of every node (xyflow's convention): a tidy tree of the
 * skeleton, left to right. Column = depth from the entry; each subtree takes a
 * band of rows of its own and a parent sits at the middle of its children, so
 * the tree has no crossing and no overlap, in time linear in the graph.
 */
export function layoutGraph(nodes: GraphNode[], edges: GraphEdge[]): Positions {
  const children = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const [source, target] of skeletonEdges(nodes, edges)) {
    children.set(source, [...(children.get(source) ?? []), target]);
    hasParent.add(target);
  }
  const starts = new Set(nodes.filter((n) => n.data.kind === 'start').map((n) => n.id));
  const positions: Positions = new Map();
  let nextRow = 0;
  const place = (id: string, depth: number): number => {
    const rows = (children.get(id) ?? []).map((child) => place(child, depth + 1));
    const row = rows.length > 0 ? ((rows[0] as number) + (rows.at(-1) as number)) / 2 : nextRow++;
    const startOffset = starts.has(id) ? (NODE_HEIGHT - START_HEIGHT) / 2 : 0;
    positions.set(id, { x: 20 + depth * COLUMN, y: 20 + row * ROW + startOffset });
    return row;
  };
  for (const node of nodes) if (!hasParent.has(node.id)) place(node.id, 0);
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
    if (known) {
      positions.set(node.id, known);
      bottom = Math.max(bottom, known.y + NODE_HEIGHT);
    }
  }
  let stacked = 0;
  for (const node of nodes) {
    if (positions.has(node.id)) continue;
    const parent = edges.find((e) => e.target === node.id && positions.has(e.source));
    const from = parent ? positions.get(parent.source) : undefined;
    const placed = from
      ? { x: from.x + NODE_WIDTH + 90, y: from.y + stacked * 24 }
      : { x: 20 + stacked * (NODE_WIDTH + 20), y: bottom + 60 };
    positions.set(node.id, placed);
    stacked += 1;
  }
  return positions;
}
