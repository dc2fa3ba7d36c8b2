import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftPatch, type AdminCharacter, type AuthoringDraft } from '@talkwith/proto/catalog';
import type { Character } from '@talkwith/proto/dialogue';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { pickerLabel } from '../pickerLabel.ts';
import { useAdminUpdateCharacterMutation } from './charactersApi.ts';
import { SelectField, type Choice } from './fields.tsx';
import { IdListPicker } from './IdListPicker.tsx';
import { RowsEditor } from './RowsEditor.tsx';
import { useSchemaErrors } from './schemaErrors.ts';
import { serverErrorOf } from './serverError.ts';

type ListName = keyof AuthoringDraft;

/** Only the lists that differ from the stored draft are sent (each list sent replaces the stored one). */
export function changedLists(stored: AuthoringDraft, edited: AuthoringDraft): Partial<AuthoringDraft> {
  const changed: Partial<Record<ListName, unknown>> = {};
  for (const name of Object.keys(edited) as ListName[])
    if (JSON.stringify(stored[name]) !== JSON.stringify(edited[name])) changed[name] = edited[name];
  return changed as Partial<AuthoringDraft>;
}

function useChoices(draft: Character | undefined, edited: AuthoringDraft) {
  return {
    blocks: (draft?.blocks ?? []).map((b): Choice => ({ value: b.id, label: pickerLabel(b.title, b.id) })),
    videos: (draft?.videos ?? []).map((v): Choice => ({ value: v.id, label: v.title })),
    slots: edited.slots.filter((s) => s.name).map((s): Choice => ({ value: s.name, label: s.label || s.name })),
  };
}

/** The character-level lists of SPEC §3: start buttons, slots, summary, kikiwasure, replacement, random group, conversations. */
export function DraftListsEditor({ character, draft }: { character: AdminCharacter; draft: Character | undefined }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const check = useSchemaErrors();
  const [update, { isLoading, error, isSuccess, reset }] = useAdminUpdateCharacterMutation();
  const [edited, setEdited] = useState<AuthoringDraft>(character.draft);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const choices = useChoices(draft, edited);
  const [touched, setTouched] = useState(false);
  const set = <K extends ListName>(name: K, value: AuthoringDraft[K]) => {
    setEdited({ ...edited, [name]: value });
    setTouched(true);
    setProblems({});
    reset();
  };
  const { t: l } = useAdminTexts('characters.lists');
  // Edits since the last save (the server's copy may differ in form, e.g. start buttons re-owned): leaving asks first.
  useLeaveGuard(touched && Object.keys(changedLists(character.draft, edited)).length > 0);
  const failure = serverErrorOf(error, t('characters.failed'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const patch = changedLists(character.draft, edited);
    const found = check(DraftPatch, patch, 'path');
    setProblems(found);
    if (
      Object.keys(found).length === 0 &&
      Object.keys(patch).length > 0 &&
      !('error' in (await update({ base: apiBase, id: character.id, body: { draft: patch as DraftPatch } })))
    )
      setTouched(false);
  };

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="section-title">{l('title')}</h2>
        {failure && <Notice kind="error">{failure.message}</Notice>}
        {Object.keys(problems).length > 0 && (
          <Notice kind="error">
            <ul className="small">
              {Object.entries(problems).map(([path, message]) => (
                <li key={path}>
                  <code>{path}</code> {message}
                </li>
              ))}
            </ul>
          </Notice>
        )}
        {isSuccess && <Notice kind="success">{t('characters.saved')}</Notice>}
        <RowsEditor
          title={l('startButtons')}
          rows={edited.startButtons}
          onChange={(rows) => set('startButtons', rows as AuthoringDraft['startButtons'])}
          newRow={() => ({
            id: `start-${edited.startButtons.length + 1}`,
            character_id: character.id,
            title: '',
            block_id: '',
          })}
          columns={[
            { key: 'id', label: 'ID', kind: 'text' },
            { key: 'title', label: l('buttonTitle'), kind: 'text' },
            { key: 'block_id', label: l('firstBlock'), kind: 'choice', choices: choices.blocks },
            { key: 'title_i18n', label: t('translations.column'), kind: 'translations', source: 'title' },
          ]}
        />
        <RowsEditor
          title={l('slots')}
          rows={edited.slots}
          onChange={(rows) => set('slots', rows as AuthoringDraft['slots'])}
          newRow={() => ({ name: '', label: '' })}
          columns={[
            { key: 'name', label: l('slotName'), kind: 'text' },
            { key: 'label', label: l('slotLabel'), kind: 'text' },
          ]}
        />
        <RowsEditor
          title={l('kikiwasure')}
          rows={edited.kikiwasure}
          onChange={(rows) => set('kikiwasure', rows as AuthoringDraft['kikiwasure'])}
          newRow={() => ({ slot: '', block_id: '' })}
          columns={[
            { key: 'slot', label: l('slot'), kind: 'choice', choices: choices.slots },
            { key: 'block_id', label: l('askingBlock'), kind: 'choice', choices: choices.blocks },
          ]}
        />
        <RowsEditor
          title={l('conversations')}
          rows={edited.conversations}
          onChange={(rows) => set('conversations', rows as AuthoringDraft['conversations'])}
          newRow={() => ({ id: `conversation-${edited.conversations.length + 1}`, title: '', block_ids: [] })}
          columns={[
            { key: 'id', label: 'ID', kind: 'text' },
            { key: 'title', label: l('conversationTitle'), kind: 'text' },
            { key: 'block_ids', label: l('blocks'), kind: 'choices', choices: choices.blocks },
            { key: 'title_i18n', label: t('translations.column'), kind: 'translations', source: 'title' },
          ]}
        />
        <section className="list-section">
          <h3>{l('summary')}</h3>
          <div className="form-grid">
            <Field
              label={l('summaryTitle')}
              value={edited.summary.title}
              onChange={(e) => set('summary', { ...edited.summary, title: e.target.value })}
            />
            <IdListPicker
              label={l('summarySlots')}
              value={edited.summary.slot_names}
              choices={choices.slots}
              onChange={(slot_names) => set('summary', { ...edited.summary, slot_names })}
            />
          </div>
        </section>
        <section className="list-section">
          <h3>{l('replacement')}</h3>
          <div className="form-grid">
            <IdListPicker
              label={l('replacementVideos')}
              value={edited.replacement.video_ids}
              choices={choices.videos}
              onChange={(video_ids) => set('replacement', { ...edited.replacement, video_ids })}
            />
            <IdListPicker
              label={l('replacementBlocks')}
              value={edited.replacement.block_ids}
              choices={choices.blocks}
              onChange={(block_ids) => set('replacement', { ...edited.replacement, block_ids })}
            />
          </div>
        </section>
        <section className="list-section">
          <h3>{l('random')}</h3>
          <div className="form-grid">
            <Field
              label={l('randomCount')}
              type="number"
              min={0}
              value={String(edited.random.count)}
              hint={l('randomCountHint')}
              onChange={(e) =>
                set('random', { ...edited.random, count: e.target.value === '' ? Number.NaN : Number(e.target.value) })
              }
            />
            <SelectField
              label={l('randomFinal')}
              emptyLabel={t('characters.setting.none')}
              choices={choices.blocks}
              value={edited.random.final_block_id ?? ''}
              onChange={(e) => set('random', { ...edited.random, final_block_id: e.target.value || null })}
            />
            <IdListPicker
              label={l('randomTriggers')}
              value={edited.random.trigger_videos}
              choices={choices.videos}
              onChange={(trigger_videos) => set('random', { ...edited.random, trigger_videos })}
            />
            <IdListPicker
              label={l('randomEnds')}
              value={edited.random.end_blocks}
              choices={choices.blocks}
              onChange={(end_blocks) => set('random', { ...edited.random, end_blocks })}
            />
          </div>
        </section>
        <button type="submit" className="btn btn--primary stack-top" disabled={isLoading}>
          {l('save')}
        </button>
      </form>
    </Card>
  );
}
