import { useId, useState } from 'react';
import type { Character, UnmatchedInsightReply } from '@talkwith/proto/dialogue';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { useAdminTexts } from '../i18n.ts';
import { pickerLabel } from '../pickerLabel.ts';
import { UnmatchedGroupItem } from './UnmatchedGroupItem.tsx';

interface Props {
  character: Character;
  reply: UnmatchedInsightReply | undefined;
  loading: boolean;
  error: unknown;
  blockId: string | null;
  onBlock: (id: string | null) => void;
}

/**
 * The groups a new reply marks resolved that the reply before listed as still to fix: a fix just published (the
 * publish reads the list again, insightApi). They leave the list, so the section says where they went.
 */
function useNewlyResolved(reply: UnmatchedInsightReply | undefined): string[] {
  const [seen, setSeen] = useState(reply);
  const [moved, setMoved] = useState<string[]>([]);
  if (reply !== seen) {
    setSeen(reply);
    const open = new Set(seen?.groups.filter((g) => !g.resolved).map((g) => g.text));
    setMoved((reply?.groups ?? []).filter((g) => g.resolved && open.has(g.text)).map((g) => g.text));
  }
  return moved;
}

/** 「認識できなかった発話」: the groups of the period, largest first, narrowed to one block on demand. */
export function UnmatchedSection({ character, reply, loading, error, blockId, onBlock }: Props) {
  const { t } = useAdminTexts('insight.unmatched');
  const filterId = useId();
  const [showResolved, setShowResolved] = useState(false);
  // Groups a published hit word now answers are fixed: hidden unless asked for, so the list holds what is left to do.
  const all = reply?.groups ?? [];
  const resolvedCount = all.filter((g) => g.resolved).length;
  const groups = showResolved ? all : all.filter((g) => !g.resolved);
  const locked = reply?.locked_groups ?? [];
  const moved = useNewlyResolved(reply);
  return (
    <Card className="ins-unmatched">
      <div className="ins-section-head">
        <h3 className="section-title">{t('title')}</h3>
        <div className="ins-unmatched__filter">
          <label htmlFor={filterId} className="small muted">
            {t('filter')}
          </label>
          <select
            id={filterId}
            className="field__input"
            value={blockId ?? ''}
            onChange={(e) => onBlock(e.target.value || null)}
          >
            <option value="">{t('allBlocks')}</option>
            {character.blocks.map((b) => (
              <option key={b.id} value={b.id}>
                {pickerLabel(b.title, b.id)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="muted small">{t('lead')}</p>
      {loading && !reply && <Spinner label={t('loading')} />}
      {error !== undefined && error !== null && <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>}
      {moved.length > 0 && (
        <Notice kind="success">
          {t('nowResolved')}
          {moved.map((text, i) => (
            <span key={text}>
              {i > 0 && ' '}
              <q>{text}</q>
            </span>
          ))}
        </Notice>
      )}
      {reply && groups.length === 0 && <p className="admin-empty">{t('none')}</p>}
      {groups.length > 0 && (
        <ol className="ins-groups">
          {groups.map((group) => (
            <UnmatchedGroupItem key={group.text} group={group} character={character} />
          ))}
        </ol>
      )}
      {resolvedCount > 0 && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-pressed={showResolved}
          onClick={() => setShowResolved(!showResolved)}
        >
          {showResolved ? t('hideResolved') : t('showResolved', { count: resolvedCount })}
        </button>
      )}
      {locked.length > 0 && (
        <details className="ins-locked">
          <summary>{t('lockedTitle', { count: locked.reduce((sum, g) => sum + g.count, 0) })}</summary>
          <p className="muted small">{t('lockedLead')}</p>
          <ul className="ins-locked__list">
            {locked.map((g) => (
              <li key={g.text}>
                {g.text} <span className="muted small">{t('count', { count: g.count })}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
