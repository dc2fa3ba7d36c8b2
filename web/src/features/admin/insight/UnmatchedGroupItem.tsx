import { useState } from 'react';
import type { Character, UnmatchedGroup } from '@talkwith/proto/dialogue';
import { japanTime } from '../engagement/time.ts';
import { useAdminTexts } from '../i18n.ts';
import { AddSynonymForm } from './AddSynonymForm.tsx';
import { AddWordForm, type AddMode } from './AddWordForm.tsx';
import { formatScore } from './MatchedTable.tsx';

/** How close a search or SPJ answer came for the group (players that report it): the score and the block it nearly reached. */
function NearMiss({ group, title }: { group: UnmatchedGroup; title: (id: string) => string }) {
  const { t } = useAdminTexts('insight.unmatched');
  if (group.best_score === undefined || group.best_score === null) return null;
  const score = formatScore(group.best_score);
  return (
    <p className="ins-group__near small">
      {group.nearest_block_id
        ? t('nearest', { block: title(group.nearest_block_id), score })
        : t('bestScore', { score })}
    </p>
  );
}

/** One group of utterances the character could not answer: how often, the ways it was said (folded), where, when last; and the three fixes. */
export function UnmatchedGroupItem({ group, character }: { group: UnmatchedGroup; character: Character }) {
  const { t, i18n } = useAdminTexts('insight.unmatched');
  const [mode, setMode] = useState<AddMode | 'synonym' | null>(null);
  const title = (id: string) => character.blocks.find((b) => b.id === id)?.title || id;
  return (
    <li className={`ins-group${group.resolved ? ' ins-group--resolved' : ''}`}>
      <div className="ins-group__head">
        <q className="ins-group__text">{group.text}</q>
        <span className="badge badge--warn">{t('count', { count: group.count })}</span>
      </div>
      <p className="ins-group__where small">
        {group.blocks.map((b) => (
          <span key={b.block_id} className="chip">
            {title(b.block_id)} ×{b.count}
          </span>
        ))}
        <span className="muted">{t('lastAt', { at: japanTime(group.last_at, i18n.language) })}</span>
      </p>
      <NearMiss group={group} title={title} />
      {group.resolved && <p className="ins-group__resolved small">{t('resolved')}</p>}
      {group.variants.length > 1 && (
        <details className="ins-group__variants small">
          <summary>{t('variants', { count: group.variants.length })}</summary>
          <ul>
            {group.variants.map((v) => (
              <li key={v.text}>
                「{v.text}」 ×{v.count}
              </li>
            ))}
          </ul>
        </details>
      )}
      {group.resolved ? null : mode === null ? (
        <div className="form-actions">
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setMode('hitWord')}>
            {t('addHitWord')}
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setMode('phrase')}>
            {t('addPhrase')}
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setMode('synonym')}>
            {t('addSynonym')}
          </button>
        </div>
      ) : mode === 'synonym' ? (
        <AddSynonymForm group={group} character={character} onClose={() => setMode(null)} />
      ) : (
        <AddWordForm key={mode} group={group} character={character} mode={mode} onClose={() => setMode(null)} />
      )}
    </li>
  );
}
