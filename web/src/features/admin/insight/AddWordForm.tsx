import { useId, useState, type FormEvent } from 'react';
import type { Block, Character, UnmatchedGroup } from '@talkwith/proto/dialogue';
import { Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { useUpdateBlockMutation } from '../blocks/blocksApi.ts';
import { serverErrorOf } from '../characters/serverError.ts';
import { useAdminTexts } from '../i18n.ts';
import { pickerLabel } from '../pickerLabel.ts';
import { defaultLeadTo, hitWordPatch, searchPhrasePatch } from './hitWordEdit.ts';
import { FixSaved } from './PublishOffer.tsx';

export type AddMode = 'hitWord' | 'phrase';

interface Props {
  group: UnmatchedGroup;
  character: Character;
  mode: AddMode;
  onClose: () => void;
}

function BlockSelect({
  label,
  value,
  blocks,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  blocks: Block[];
  onChange: (id: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field ins-add__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} required onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {blocks.map((b) => (
          <option key={b.id} value={b.id}>
            {pickerLabel(b.title, b.id)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Where the group was said most, when that block still exists; else the character's first block. */
const firstTarget = (group: UnmatchedGroup, blocks: Block[]): string =>
  group.blocks.find((b) => blocks.some((block) => block.id === b.block_id))?.block_id ?? blocks[0]?.id ?? '';

/** The form's state and its one write: the patch of the chosen block, what it says once accepted. */
function useAddWord(group: UnmatchedGroup, character: Character, mode: AddMode) {
  const { t } = useAdminTexts('insight.add');
  const { apiBase } = useAdminBase();
  const blocks = character.blocks;
  const [text, setText] = useState(group.text);
  const [targetId, setTargetId] = useState(() => firstTarget(group, blocks));
  const target = blocks.find((b) => b.id === targetId);
  const [leadTo, setLeadTo] = useState(() => (target ? defaultLeadTo(target) : ''));
  const [update, outcome] = useUpdateBlockMutation();
  const [done, setDone] = useState<string | null>(null);
  const [already, setAlready] = useState(false);
  const title = (id: string) => blocks.find((b) => b.id === id)?.title || id;
  const pickTarget = (id: string) => {
    setTargetId(id);
    const next = blocks.find((b) => b.id === id);
    setLeadTo(next ? defaultLeadTo(next) : '');
  };
  const submit = async () => {
    if (!target || !text.trim()) return;
    const patch = mode === 'hitWord' ? hitWordPatch(target, text, leadTo) : searchPhrasePatch(target, text);
    setAlready(patch === null);
    if (!patch) return;
    const reply = await update({ base: apiBase, characterId: character.id, blockId: target.id, patch });
    if (!('data' in reply)) return;
    const values = { text: text.trim(), block: title(target.id), next: title(leadTo) };
    setDone(mode === 'hitWord' ? t('doneHitWord', values) : t('donePhrase', values));
  };
  const failure = serverErrorOf(outcome.error, t('failed'));
  const alreadyText = already ? t('already', { text: text.trim(), block: title(targetId) }) : null;
  return {
    text,
    setText,
    targetId,
    pickTarget,
    leadTo,
    setLeadTo,
    submit,
    done,
    failure,
    alreadyText,
    busy: outcome.isLoading,
    ready: !!target && (mode === 'phrase' || !!leadTo),
  };
}

/**
 * 「ヒットワードに追加」 (a route of the chosen block to the block it should
 * lead to) or 「検索フレーズに追加」 (the block's legacy hit_word list, searched
 * as its phrases). The text starts as the group's most frequent variant and
 * can be shortened first. Success says what was added and offers 公開する.
 */
export function AddWordForm({ group, character, mode, onClose }: Props) {
  const { t } = useAdminTexts('insight.add');
  const textId = useId();
  const form = useAddWord(group, character, mode);
  const { done } = form;
  if (done) {
    return <FixSaved text={done} characterId={character.id} onClose={onClose} />;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form className="ins-add" onSubmit={submit} aria-label={mode === 'hitWord' ? t('hitWordTitle') : t('phraseTitle')}>
      <div className="field ins-add__field">
        <label className="field__label" htmlFor={textId}>
          {t('text')}
        </label>
        <input
          id={textId}
          className="field__input"
          value={form.text}
          maxLength={200}
          required
          onChange={(e) => form.setText(e.target.value)}
        />
      </div>
      <BlockSelect
        label={mode === 'hitWord' ? t('target') : t('phraseTarget')}
        value={form.targetId}
        blocks={character.blocks}
        onChange={form.pickTarget}
      />
      {mode === 'hitWord' && (
        <BlockSelect
          label={t('leadTo')}
          value={form.leadTo}
          blocks={character.blocks}
          onChange={form.setLeadTo}
          placeholder={t('choose')}
        />
      )}
      {form.failure && <Notice kind="error">{form.failure.message}</Notice>}
      {form.alreadyText && <Notice kind="info">{form.alreadyText}</Notice>}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={form.busy || !form.ready}>
          {t('submit')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
