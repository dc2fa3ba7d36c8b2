import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, useReactFlow, type Edge, type EdgeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';

export interface TransitionEdgeData {
  [key: string]: unknown;
  label: string;
  /** The label in full, on hover (the canvas shortens long ones with an ellipsis). */
  title: string;
  color: string;
  showLabel: boolean;
  /** How far below the curve's middle the label sits so it covers no other label (flowEdges.ts labelOffsets). */
  labelShift: number;
}
export type TransitionFlowEdge = Edge<TransitionEdgeData, 'transition'>;

/**
 * A transition: a coloured curve with its label as HTML (xyflow's SVG labels
 * measure each text with getBBox, which dominated the first paint of a large
 * character). Labels are left out when zoomed too far out to read them.
 */
export const TransitionEdge = memo(function TransitionEdge(props: EdgeProps<TransitionFlowEdge>) {
  const {
    id,
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    data,
    markerEnd,
    style,
    selected,
    deletable,
  } = props;
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  const y = labelY + (data?.labelShift ?? 0);
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={selected ? { ...style, strokeWidth: 3 } : style}
        interactionWidth={14}
      />
      {(data?.showLabel || selected) && (
        <EdgeLabelRenderer>
          <div
            className={selected ? 'bg-edge-label bg-edge-label--selected nodrag nopan' : 'bg-edge-label nodrag nopan'}
            title={data?.title}
            data-edge-id={id}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${y}px)`, color: data?.color }}
          >
            <span className="bg-edge-label__text">{data?.label}</span>
            {selected && deletable !== false && <EdgeDeleteButton id={id} />}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

/** The selected edge's 「×」: deletes it as the Delete key does (the graph's onEdgesDelete removes the reference). */
function EdgeDeleteButton({ id }: { id: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const flow = useReactFlow();
  return (
    <button
      type="button"
      className="bg-edge-label__delete"
      aria-label={t('blocks.edgeDelete')}
      title={t('blocks.edgeDelete')}
      onClick={(e) => {
        e.stopPropagation();
        void flow.deleteElements({ edges: [{ id }] });
      }}
    >
      ×
    </button>
  );
}

export const edgeTypes = { transition: TransitionEdge };
