import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import type { BlockNodeData, StartNodeData } from './graphModel.ts';

export type BlockFlowNode = Node<BlockNodeData, 'block'>;
export type StartFlowNode = Node<StartNodeData, 'start'>;

/** A block on the graph: title, id, trigger video, badges and its faults (red outline, count, the messages as a tooltip). */
export const BlockNode = memo(function BlockNode({ data, selected }: NodeProps<BlockFlowNode>) {
  const { t } = useTranslation(ADMIN_NS);
  const { block, faults } = data;
  const classes = [
    'bg-node',
    selected ? 'bg-node--selected' : '',
    faults.length > 0 ? 'bg-node--fault' : '',
    block.is_edit_locked ? 'bg-node--locked' : '',
  ];
  return (
    <div className={classes.join(' ')} title={faults.length > 0 ? faults.map((f) => f.message).join('\n') : undefined}>
      <Handle type="target" position={Position.Left} />
      <div className="bg-node__title">{block.title || block.id}</div>
      <div className="bg-node__meta">
        <code>{block.id}</code> · {data.videoTitle ?? block.trigger_video_id ?? t('blocks.node.noVideo')}
      </div>
      <div className="bg-node__badges">
        {block.is_edit_locked && <span className="bg-badge bg-badge--lock">{t('blocks.node.locked')}</span>}
        {data.listens && <span className="bg-badge">{t('blocks.node.listens')}</span>}
        {data.random && <span className="bg-badge">{t('blocks.node.random')}</span>}
        {block.summary_mode && <span className="bg-badge">{t('blocks.node.summary')}</span>}
        {block.kikiwasure_mode && <span className="bg-badge">{t('blocks.node.kikiwasure')}</span>}
        {faults.length > 0 && (
          <span className="bg-badge bg-badge--fault">{t('blocks.node.faultCount', { count: faults.length })}</span>
        )}
      </div>
      <Handle type="source" position={Position.Right} />
    </div>
  );
});

/** A start button: where a conversation enters the graph. */
export const StartNode = memo(function StartNode({ data }: NodeProps<StartFlowNode>) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <div className="bg-start">
      <span className="bg-start__kind">
        ▶ {t('blocks.node.start')}
        {data.isDefault ? ` · ${t('blocks.node.default')}` : ''}
      </span>
      <span className="bg-start__title">{data.title}</span>
      <Handle type="source" position={Position.Right} />
    </div>
  );
});

export const nodeTypes = { block: BlockNode, start: StartNode };
