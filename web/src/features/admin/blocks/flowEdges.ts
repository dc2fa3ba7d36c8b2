import { useMemo } from 'react';
import { MarkerType } from '@xyflow/react';
import { edgeLook, type TrafficStyle } from '../insight/trafficStyle.ts';
import { EDGE_KINDS, edgeText, type CharacterGraph, type GraphEdge, type Translate } from './graphModel.ts';
import type { Positions } from './layout.ts';
import type { TransitionFlowEdge } from './TransitionEdge.tsx';
import { edgesNear, type ViewArea } from './viewArea.ts';

function flowEdge(e: GraphEdge, t: Translate, labels: boolean, traffic: TrafficStyle | undefined, lane: number): TransitionFlowEdge {
  const color = EDGE_KINDS[e.kind];
  const look = traffic && e.kind !== 'start' ? edgeLook(traffic, e.source, e.target) : null;
  const marker = look?.markerSize ?? 16;
  return {
    id: e.id, source: e.source, target: e.target, type: 'transition',
    data: { label: edgeText(e, t), title: edgeText({ kind: e.kind, label: e.fullLabel ?? e.label }, t), color, showLabel: labels, lane },
    // A start button's edge is the setting's, not a block's: not deleted from the graph.
    deletable: e.kind !== 'start',
    style: { stroke: color, strokeWidth: 1.5, ...look?.style }, markerEnd: { type: MarkerType.ArrowClosed, color, width: marker, height: marker },
  };
}

/**
 * The xyflow edges to draw: those near the view (viewArea.ts), each the same
 * object as long as what it shows has not changed. When the view moves on,
 * the edges still in it are not new objects, so xyflow re-renders only the
 * edges that come into view: with the whole graph in view (~1,200 edges) a
 * new array of fresh objects re-rendered every edge, a 70 ms frame during a pan.
 */
export function useFlowEdges(graph: CharacterGraph, positions: Positions, area: ViewArea | null, t: Translate, traffic: TrafficStyle | undefined): TransitionFlowEdge[] {
  const labels = area?.labels ?? false;
  // A new cache whenever an edge's look may change: the graph, the layout, label visibility, language or traffic overlay.
  const cache = useMemo(() => new Map<string, TransitionFlowEdge>(), [graph, positions, labels, t, traffic]);
  const lanes = useMemo(() => edgeLanes(graph.edges), [graph]);
  return useMemo(() => edgesNear(graph.edges, positions, area).map((e) => {
    const known = cache.get(e.id);
    if (known) return known;
    const made = flowEdge(e, t, labels, traffic, lanes.get(e.id) ?? 0);
    cache.set(e.id, made);
    return made;
  }), [graph, positions, area, t, labels, traffic, cache, lanes]);
}

/**
 * Edges between the same two blocks (a hit word and a ladder's end, say) share
 * one curve and one midpoint: each gets a lane, and its label moves down by
 * its lane (TransitionEdge), so the labels sit one under another, not on top.
 */
export function edgeLanes(edges: GraphEdge[]): Map<string, number> {
  const seen = new Map<string, number>();
  const lanes = new Map<string, number>();
  for (const e of edges) {
    const pair = `${e.source}\u0000${e.target}`;
    const lane = seen.get(pair) ?? 0;
    seen.set(pair, lane + 1);
    lanes.set(e.id, lane);
  }
  return lanes;
}
