import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type Edge, type EdgeProps } from '@xyflow/react';

export interface TransitionEdgeData {
  [key: string]: unknown;
  label: string;
  color: string;
  showLabel: boolean;
}
export type TransitionFlowEdge = Edge<TransitionEdgeData, 'transition'>;

/**
 * A transition: a coloured curve with its label as HTML (xyflow's SVG labels
 * measure each text with getBBox, which dominated the first paint of a large
 * character). Labels are left out when zoomed too far out to read them.
 */
export const TransitionEdge = memo(function TransitionEdge(props: EdgeProps<TransitionFlowEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, markerEnd, style } = props;
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} />
      {data?.showLabel && (
        <EdgeLabelRenderer>
          <div className="bg-edge-label" style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, color: data.color }}>
            {data.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

export const edgeTypes = { transition: TransitionEdge };
