import { useMemo } from 'react';
import { useStore, useStoreApi, type ReactFlowState } from '@xyflow/react';
import type { GraphEdge } from './graphModel.ts';
import { NODE_HEIGHT, NODE_WIDTH, type Positions } from './layout.ts';

/**
 * Which edges to draw: those with an end near the view. xyflow's own culling
 * keeps every edge whose bounding box crosses the view, and in an authored
 * character most blocks lead to a few shared fallback blocks (invalid, silence
 * final), so a view of 50 blocks drew ~1,100 edges. The area is recomputed
 * only when the view has moved by a quarter of its size or zoomed by a step,
 * with a margin of a quarter view on every side, so panning does not re-render
 * the edges each frame.
 */
export const LABEL_MIN_ZOOM = 0.45;
const ZOOM_STEP = Math.log(1.25);

export interface ViewArea {
  x: number;
  y: number;
  width: number;
  height: number;
  labels: boolean;
}

function areaKey(s: ReactFlowState): string {
  const [tx, ty, zoom] = s.transform;
  if (!s.width || !s.height) return '';
  const stepX = s.width / zoom / 4;
  const stepY = s.height / zoom / 4;
  return [Math.floor(-tx / zoom / stepX), Math.floor(-ty / zoom / stepY), Math.round(Math.log(zoom) / ZOOM_STEP)].join(
    ',',
  );
}

export function useViewArea(): ViewArea | null {
  const key = useStore(areaKey);
  const store = useStoreApi();
  return useMemo(() => {
    if (key === '') return null;
    const {
      transform: [tx, ty, zoom],
      width,
      height,
    } = store.getState();
    const w = width / zoom;
    const h = height / zoom;
    return {
      x: -tx / zoom - w / 4,
      y: -ty / zoom - h / 4,
      width: w * 1.5,
      height: h * 1.5,
      labels: zoom >= LABEL_MIN_ZOOM,
    };
  }, [key, store]);
}

const inside = (area: ViewArea, p: { x: number; y: number } | undefined) =>
  !!p &&
  p.x + NODE_WIDTH >= area.x &&
  p.x <= area.x + area.width &&
  p.y + NODE_HEIGHT >= area.y &&
  p.y <= area.y + area.height;

/** The edges with at least one end in the area (none before the view is known: the first frame draws nodes only). */
export function edgesNear(edges: GraphEdge[], positions: Positions, area: ViewArea | null): GraphEdge[] {
  if (!area) return [];
  return edges.filter((e) => inside(area, positions.get(e.source)) || inside(area, positions.get(e.target)));
}
