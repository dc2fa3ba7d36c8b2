import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Character } from '@talkwith/proto/dialogue';
import { ADMIN_NS } from '../i18n.ts';
import { useUpdateBlockLockMutation } from './blocksApi.ts';
import type { BlockNodeData, CharacterGraph } from './graphModel.ts';
import { serverErrorOf } from './serverError.ts';

interface Props {
  base: string;
  character: Character;
  graph: CharacterGraph;
  onSelect: (blockId: string) => void;
}

/** The blocks as a table, with a checkbox per row for locking or unlocking many at once (updateBlockLock). */
export function BlockList({ base, character, graph, onSelect }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [updateLock, lockState] = useUpdateBlockLockMutation();
  const transitions = new Map<string, number>();
  for (const e of graph.edges) transitions.set(e.source, (transitions.get(e.source) ?? 0) + 1);
  const faults = new Map(
    graph.nodes.map((n) => [n.id, n.data.kind === 'block' ? (n.data as BlockNodeData).faults.length : 0]),
  );
  const toggle = (id: string) =>
    setChecked((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allChecked = checked.size === character.blocks.length && checked.size > 0;
  const apply = async (lock: boolean) => {
    const ids = [...checked];
    const outcome = await updateLock({
      base,
      characterId: character.id,
      lockBlockIds: lock ? ids : [],
      unlockBlockIds: lock ? [] : ids,
    });
    if (!('error' in outcome)) setChecked(new Set());
  };
  const error = serverErrorOf(lockState.error, t('blocks.list.lockFailed'));
  return (
    <div className="bg-list">
      <div className="bg-list__tools">
        <span className="muted small">{t('blocks.list.selected', { count: checked.size })}</span>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          disabled={checked.size === 0 || lockState.isLoading}
          onClick={() => apply(true)}
        >
          {t('blocks.list.lockSelected')}
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          disabled={checked.size === 0 || lockState.isLoading}
          onClick={() => apply(false)}
        >
          {t('blocks.list.unlockSelected')}
        </button>
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      )}
      <div className="bg-list__scroll">
        <table className="bg-table">
          <thead>
            <tr>
              <th>
                <input
                  type="checkbox"
                  aria-label={t('blocks.list.selectAll')}
                  checked={allChecked}
                  onChange={() => setChecked(allChecked ? new Set() : new Set(character.blocks.map((b) => b.id)))}
                />
              </th>
              <th>{t('blocks.list.id')}</th>
              <th>{t('blocks.list.title')}</th>
              <th>{t('blocks.list.video')}</th>
              <th>{t('blocks.list.transitions')}</th>
              <th>{t('blocks.list.locked')}</th>
              <th>{t('blocks.list.faults')}</th>
            </tr>
          </thead>
          <tbody>
            {character.blocks.map((b) => (
              <tr key={b.id}>
                <td>
                  <input type="checkbox" aria-label={b.id} checked={checked.has(b.id)} onChange={() => toggle(b.id)} />
                </td>
                <td>
                  <button type="button" className="bg-faults__link" onClick={() => onSelect(b.id)}>
                    {b.id}
                  </button>
                </td>
                <td>{b.title}</td>
                <td>{b.trigger_video_id ?? '—'}</td>
                <td>{transitions.get(b.id) ?? 0}</td>
                <td>{b.is_edit_locked ? t('blocks.node.locked') : ''}</td>
                <td className={faults.get(b.id) ? 'bg-table__bad' : ''}>{faults.get(b.id) || ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
