import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Character } from '@talkwith/proto/dialogue';
import { ADMIN_NS } from '../i18n.ts';
import { findBlocks } from './graphModel.ts';

/** Finds a block by id or title; choosing one selects and shows it. */
export function BlockSearch({ character, onPick }: { character: Character; onPick: (blockId: string) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const [query, setQuery] = useState('');
  const listId = useId();
  const hits = findBlocks(character, query, 12);
  const pick = (id: string) => {
    onPick(id);
    setQuery('');
  };
  return (
    <div className="bg-search" role="search">
      <input
        className="field__input"
        type="search"
        value={query}
        placeholder={String(t('blocks.search'))}
        aria-label={String(t('blocks.search'))}
        aria-controls={listId}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && hits[0]) pick(hits[0].id);
        }}
      />
      {query.trim() !== '' && (
        <ul className="bg-search__hits" id={listId}>
          {hits.length === 0 && <li className="muted">{t('blocks.searchNoHit')}</li>}
          {hits.map((b) => (
            <li key={b.id}>
              <button type="button" onClick={() => pick(b.id)}>
                <code>{b.id}</code> {b.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
