import { useTranslation } from 'react-i18next';
import type { ValidationProblem } from '@talkwith/dialogue-engine';
import { ADMIN_NS } from '../i18n.ts';
import type { CharacterGraph, BlockNodeData } from './graphModel.ts';

interface Props {
  graph: CharacterGraph;
  onFocus: (blockId: string) => void;
}

interface Row { blockId: string | null; fault: ValidationProblem }

/** Every fault validateCharacter finds in the draft, with its Japanese message; a block's fault focuses that block. */
export function FaultList({ graph, onFocus }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const rows: Row[] = [
    ...graph.nodes.flatMap((n) => (n.data.kind === 'block' ? (n.data as BlockNodeData).faults.map((fault) => ({ blockId: n.id, fault })) : [])),
    ...graph.otherFaults.map((fault) => ({ blockId: null, fault })),
  ];
  return (
    <details className="bg-faults" open={rows.length > 0 && rows.length <= 8}>
      <summary className={rows.length > 0 ? 'bg-faults__title bg-faults__title--bad' : 'bg-faults__title'}>
        {rows.length > 0 ? t('blocks.faults', { count: rows.length }) : t('blocks.noFaults')}
      </summary>
      <ul className="bg-faults__list">
        {rows.map(({ blockId, fault }, i) => (
          <li key={i}>
            {blockId
              ? <button type="button" className="bg-faults__link" onClick={() => onFocus(blockId)}>{blockId}</button>
              : <span className="muted">{fault.videoId ?? t('blocks.otherFault')}</span>}
            {' '}{fault.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
