import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block, Character } from '@talkwith/proto/dialogue';
import { ADMIN_NS } from '../i18n.ts';
import { SynonymRow } from './SynonymRow.tsx';
import { hitWordsOf, synonymsOf } from './synonymWords.ts';
import { useSetSynonymsMutation, useSynonymCandidatesMutation } from './synonymsApi.ts';

interface Props {
  base: string;
  character: Character;
  /** The block as the form holds it (its hit words, saved or not). */
  block: Block;
  disabled: boolean;
}

/**
 * The character's synonyms beside each hit word of the block. A change is
 * saved at once (synonyms belong to the character, not to the block's form);
 * 「候補を読み込む」 asks the catalog's dictionary for proposals the operator accepts.
 */
export function SynonymsSection({ base, character, block, disabled }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const words = useMemo(() => hitWordsOf(block), [block]);
  const [setSynonyms, saving] = useSetSynonymsMutation();
  const [loadCandidates, loading] = useSynonymCandidatesMutation();
  const [proposals, setProposals] = useState<Record<string, string[]>>({});
  const [failed, setFailed] = useState<string | null>(null);

  async function save(word: string, synonyms: string[]) {
    setFailed(null);
    const result = await setSynonyms({ base, characterId: character.id, word, synonyms });
    if ('error' in result) setFailed(t('blocks.synonyms.saveFailed'));
  }
  async function propose() {
    setFailed(null);
    const result = await loadCandidates({ base, characterId: character.id, words });
    if ('error' in result || !result.data) {
      setFailed(t('blocks.synonyms.loadFailed'));
      return;
    }
    const next = Object.fromEntries(result.data.candidates.map((c) => [c.word, c.synonyms]));
    setProposals(next);
    if (result.data.candidates.length === 0) setFailed(t('blocks.synonyms.noCandidates'));
  }

  return (
    <details className="bg-group" open={words.length > 0}>
      <summary className="bg-group__title">{t('blocks.synonyms.title')}</summary>
      <p className="small muted">{t('blocks.synonyms.help')}</p>
      {words.length === 0 && <p className="small muted">{t('blocks.synonyms.noWords')}</p>}
      {words.length > 0 && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={disabled || loading.isLoading}
          onClick={() => void propose()}
        >
          {t('blocks.synonyms.loadCandidates')}
        </button>
      )}
      {failed && (
        <p className="small" role="status">
          {failed}
        </p>
      )}
      <div className="bg-rows bg-synonyms">
        {words.map((word) => {
          const synonyms = synonymsOf(character, word);
          const proposed = (proposals[word] ?? []).filter((s) => !synonyms.includes(s));
          return (
            <SynonymRow
              key={word}
              word={word}
              synonyms={synonyms}
              proposed={proposed}
              disabled={disabled || saving.isLoading}
              onChange={(next) => void save(word, next)}
            />
          );
        })}
      </div>
      {proposals && Object.keys(proposals).length > 0 && <p className="small muted">{t('blocks.synonyms.source')}</p>}
    </details>
  );
}
