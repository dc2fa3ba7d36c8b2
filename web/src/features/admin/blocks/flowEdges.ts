import { useMemo } from 'react';
import { MarkerType } from '@xyflow/react';
import { edgeLook, type TrafficStyle } from '../insight/trafficStyle.ts';
import { EDGE_KINDS, edgeText, type CharacterGraph, type GraphEdge, type Translate } from './graphModel.ts';
import { NODE_HEIGHT, NODE_WIDTH, START_HEIGHT, START_WIDTH, type Positions } from './layout.ts';
import type { TransitionFlowEdge } from './TransitionEdge.tsx';
import { edgesNear, type ViewArea } from './viewArea.ts';

function flowEdge(
  e: GraphEdge,
  t: Translate,
  labels: boolean,
  traffic: TrafficStyle | undefined,
  labelShift: number,
): TransitionFlowEdge {
  const color = EDGE_KINDS[e.kind];
  const look = traffic && e.kind !== 'start' ? edgeLook(traffic, e.source, e.target) : null;
  const marker = look?.markerSize ?? 16;
  return {
    id: e.id,
    source: e.source,
    target: e.target,
    type: 'transition',
    data: {
      label: edgeText(e, t),
      title: edgeText({ kind: e.kind, label: e.fullLabel ?? e.label }, t),
      color,
      showLabel: labels,
      labelShift,
    },
    // A start button's edge is the setting's, not a block's: not deleted from the graph.
    deletable: e.kind !== 'start',
    style: { stroke: color, strokeWidth: 1.5, ...look?.style },
    markerEnd: { type: MarkerType.ArrowClosed, color, width: marker, height: marker },
  };
}

/**
 * The xyflow edges to draw: those near the view (viewArea.ts), each the same
 * object as long as what it shows has not changed. When the view moves on,
 * the edges still in it are not new objects, so xyflow re-renders only the
 * edges that come into view: with the whole graph in view (~1,200 edges) a
 * new array of fresh objects re-rendered every edge, a 70 ms frame during a pan.
 */
export function useFlowEdges(
  graph: CharacterGraph,
  positions: Positions,
  area: ViewArea | null,
  t: Translate,
  traffic: TrafficStyle | undefined,
): TransitionFlowEdge[] {
  const labels = area?.labels ?? false;
  // A new cache whenever an edge's look may change: the graph, the layout, label visibility, language or traffic overlay.
  const cache = useMemo(() => new Map<string, TransitionFlowEdge>(), [graph, positions, labels, t, traffic]);
  const offsets = useMemo(
    () => (labels ? labelOffsets(graph, positions) : new Map<string, number>()),
    [graph, positions, labels],
  );
  return useMemo(
    () =>
      edgesNear(graph.edges, positions, area).map((e) => {
        const known = cache.get(e.id);
        if (known) return known;
        const made = flowEdge(e, t, labels, traffic, offsets.get(e.id) ?? 0);
        cache.set(e.id, made);
        return made;
      }),
    [graph, positions, area, t, labels, traffic, cache, offsets],
  );
}

const LINE = 16;
const MAX_SHIFT = 6;
const LABEL_MAX_WIDTH = 150;
const CROWDED = 4;

/**
 * Where each label goes so that labels do not cover one another: an edge's
 * label sits at the middle of its curve (xyflow's bezier from the right side
 * of the source to the left side of the target), and one that would overlap a
 * label already placed moves down a line at a time (up to six). Placed once
 * per graph and layout over every edge, on a grid of label lines, so it stays
 * linear (2,600 edges: a few milliseconds).
 */
export function labelOffsets(graph: CharacterGraph, positions: Positions): Map<string, number> {
  const startIds = new Set(graph.nodes.filter((n) => n.data.kind === 'start').map((n) => n.id));
  // Placed labels in a grid of cells one line high and one widest label wide (numeric keys: this runs over every edge).
  const cells = new Map<number, Array<[number, number, number]>>();
  const offsets = new Map<string, number>();
  const keyOf = (cx: number, cy: number) => cx * 1_000_003 + cy;
  const clashes = (x0: number, x1: number, y: number) => {
    const cx = Math.floor((x0 + x1) / 2 / LABEL_MAX_WIDTH);
    const cy = Math.floor(y / LINE);
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const [a, b, ly] of cells.get(keyOf(cx + dx, cy + dy)) ?? [])
          if (x0 < b && a < x1 && Math.abs(ly - y) < LINE) return true;
      }
    }
    return false;
  };
  for (const e of graph.edges) {
    const from = positions.get(e.source);
    const to = positions.get(e.target);
    if (!from || !to) continue;
    const start = startIds.has(e.source);
    const x = (from.x + (start ? START_WIDTH : NODE_WIDTH) + to.x) / 2;
    const y = (from.y + (start ? START_HEIGHT : NODE_HEIGHT) / 2 + to.y + NODE_HEIGHT / 2) / 2;
    const half = Math.min(LABEL_MAX_WIDTH, (e.label?.length ?? 6) * 11 + 50) / 2;
    const home = cells.get(keyOf(Math.floor(x / LABEL_MAX_WIDTH), Math.floor(y / LINE)));
    // Where labels already crowd (edges fanning into a shared fallback block), no line below is free either: not searched.
    let shift = 0;
    while ((home?.length ?? 0) < CROWDED && shift < MAX_SHIFT && clashes(x - half, x + half, y + shift * LINE))
      shift += 1;
    const placed = y + shift * LINE;
    const key = keyOf(Math.floor(x / LABEL_MAX_WIDTH), Math.floor(placed / LINE));
    const cell = cells.get(key);
    if (cell) cell.push([x - half, x + half, placed]);
    else cells.set(key, [[x - half, x + half, placed]]);
    offsets.set(e.id, shift * LINE);
  }
  return offsets;
}
