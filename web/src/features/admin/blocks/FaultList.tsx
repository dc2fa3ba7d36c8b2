import { useTranslation } from 'react-i18next';
import type { ValidationProblem } from '@talkwith/dialogue-engine';
import { ADMIN_NS } from '../i18n.ts';
import type { CharacterGraph, BlockNodeData } from './graphModel.ts';

interface Props {
  graph: CharacterGraph;
  onFocus: (blockId: string) => void;
}

interface Row {
  blockId: string | null;
  fault: ValidationProblem;
}

/** Every fault validateCharacter finds in the draft, with its Japanese message; a block's fault focuses that block. */
export function FaultList({ graph, onFocus }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const rows: Row[] = [
    ...graph.nodes.flatMap((n) =>
      n.data.kind === 'block' ? (n.data as BlockNodeData).faults.map((fault) => ({ blockId: n.id, fault })) : [],
    ),
    ...graph.otherFaults.map((fault) => ({ blockId: null, fault })),
  ];
  // A person reads the block's title (the id on hover).
  const titles = new Map(
    graph.nodes.flatMap((n) =>
      n.data.kind === 'block' ? [[n.id, (n.data as BlockNodeData).block.title || n.id] as const] : [],
    ),
  );
  const titleOf = (id: string) => titles.get(id) ?? id;
  return (
    <details className="bg-faults" open={rows.length > 0 && rows.length <= 8}>
      <summary className={rows.length > 0 ? 'bg-faults__title bg-faults__title--bad' : 'bg-faults__title'}>
        {rows.length > 0 ? t('blocks.faults', { count: rows.length }) : t('blocks.noFaults')}
      </summary>
      <ul className="bg-faults__list">
        {rows.map(({ blockId, fault }, i) => (
          <li key={i}>
            {/* The message names the block by its title (the validator says where in words); it is the link to that block. */}
            {blockId ? (
              <button
                type="button"
                className="bg-faults__link"
                title={t('blocks.faultFocus', { id: titleOf(blockId) })}
                onClick={() => onFocus(blockId)}
              >
                {fault.message}
              </button>
            ) : (
              <>
                <span className="muted">{fault.videoId ?? t('blocks.otherFault')}</span> {fault.message}
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
