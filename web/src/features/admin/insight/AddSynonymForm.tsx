import { useId, useMemo, useState, type FormEvent } from 'react';
import type { Character, UnmatchedGroup } from '@talkwith/proto/dialogue';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { hitWordsOf, synonymsOf } from '../blocks/synonymWords.ts';
import { useSetSynonymsMutation } from '../blocks/synonymsApi.ts';
import { serverErrorOf } from '../characters/serverError.ts';
import { useAdminTexts } from '../i18n.ts';
import { FixSaved } from './PublishOffer.tsx';

interface Props {
  group: UnmatchedGroup;
  character: Character;
  onClose: () => void;
}

/** The hit words to offer: those of the blocks where the group was said (most first), then every other block's. */
export function hitWordChoices(group: UnmatchedGroup, character: Character): string[] {
  const said = group.blocks
    .map((b) => character.blocks.find((block) => block.id === b.block_id))
    .filter((b) => b !== undefined);
  const rest = character.blocks.filter((b) => !said.includes(b));
  return [...new Set([...said, ...rest].flatMap(hitWordsOf))];
}

/**
 * 「類義語に追加」: the utterance (shortened first if need be) becomes a
 * synonym of an existing hit word, so every route that word leads keeps
 * working and the character answers it the same way. Saved at once; success
 * offers 公開する like the other fixes.
 */
export function AddSynonymForm({ group, character, onClose }: Props) {
  const { t } = useAdminTexts('insight.add');
  const { apiBase } = useAdminBase();
  const textId = useId();
  const wordId = useId();
  const choices = useMemo(() => hitWordChoices(group, character), [group, character]);
  const [text, setText] = useState(group.text);
  const [word, setWord] = useState(choices[0] ?? '');
  const [save, outcome] = useSetSynonymsMutation();
  const [done, setDone] = useState<string | null>(null);
  const [already, setAlready] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const synonym = text.trim();
    if (!synonym || !word) return;
    const existing = synonymsOf(character, word);
    if (synonym === word || existing.includes(synonym)) {
      setAlready(t('alreadySynonym', { text: synonym, word }));
      return;
    }
    const reply = await save({ base: apiBase, characterId: character.id, word, synonyms: [...existing, synonym] });
    if ('data' in reply) setDone(t('doneSynonym', { text: synonym, word }));
  }

  if (done) {
    return <FixSaved text={done} characterId={character.id} onClose={onClose} />;
  }
  const failure = serverErrorOf(outcome.error, t('failed'));
  return (
    <form className="ins-add" onSubmit={(e) => void submit(e)} aria-label={t('synonymTitle')}>
      <div className="field ins-add__field">
        <label className="field__label" htmlFor={textId}>
          {t('text')}
        </label>
        <input
          id={textId}
          className="field__input"
          value={text}
          maxLength={200}
          required
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="field ins-add__field">
        <label className="field__label" htmlFor={wordId}>
          {t('synonymOf')}
        </label>
        <select id={wordId} className="field__input" value={word} required onChange={(e) => setWord(e.target.value)}>
          {choices.length === 0 && <option value="">{t('noHitWords')}</option>}
          {choices.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </div>
      {failure && <Notice kind="error">{failure.message}</Notice>}
      {already && <Notice kind="info">{already}</Notice>}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={outcome.isLoading || !word}>
          {t('submit')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
