import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { makeBlock, type Block, type Character } from '@talkwith/proto/dialogue';
import { ADMIN_NS } from '../i18n.ts';
import { byLabel, pickerLabel } from '../pickerLabel.ts';
import {
  changedFields,
  FIELD_GROUPS,
  rebasedDraft,
  widgetOf,
  type BlockField,
  type FieldErrors,
} from './blockFields.ts';
import { FieldInput } from './FieldInput.tsx';
import type { RefOptions } from './RefPickers.tsx';
import type { ServerError } from './serverError.ts';
import { SynonymsSection } from './SynonymsSection.tsx';
import { useBlockSave, type SaveOutcome } from './useBlockSave.ts';

interface Props {
  base: string;
  character: Character;
  /** null: a new block. */
  block: Block | null;
  /** `gone`: the block was deleted, so its unsaved edits need no question. */
  onClose: (gone?: boolean) => void;
  onSaved?: (blockId: string) => void;
  /** Told whether the form holds edits not saved yet (false again when it closes), so the page can ask before they are lost. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** What the pickers offer: the character's blocks, videos and slots, titled as the rest of the console titles them (title first, then the id). */
export function refOptionsOf(character: Character): RefOptions {
  return {
    block: character.blocks.map((b) => ({ id: b.id, label: pickerLabel(b.title, b.id) })),
    video: byLabel(character.videos.map((v) => ({ id: v.id, label: pickerLabel(v.title, v.id) }))),
    slot: character.slots.map((s) => ({ id: s.name, label: pickerLabel(s.label, s.name) })),
  };
}

/** The side panel: every Block field in the proto's groups; a locked block opens read-only with an unlock button. */
export function BlockPanel({ base, character, block, onClose, onSaved, onDirtyChange }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const isNew = block === null;
  const [blank] = useState<Block>(() => makeBlock({ id: '', character_id: character.id }));
  const [draft, setDraft] = useState<Block>(() => block ?? blank);
  // The graph edits the same block (a drawn or deleted edge): the form follows, keeping the operator's own edits.
  const shown = useRef(block);
  useEffect(() => {
    const before = shown.current;
    shown.current = block;
    if (block && before && before !== block) setDraft((d) => rebasedDraft(d, before, block));
  }, [block]);
  // Only the operator's own edits count: a refreshed copy of the block from the server must not make the form "unsaved".
  const [touched, setTouched] = useState(false);
  const dirty = useMemo(
    () => touched && ((isNew && draft.id !== '') || Object.keys(changedFields(block ?? blank, draft)).length > 0),
    [touched, block, blank, draft, isNew],
  );
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const options = useMemo(() => refOptionsOf(character), [character]);
  const { save, setLocked, destroy, fieldErrors, serverError, busy } = useBlockSave(base, character, block);
  const locked = !isNew && block.is_edit_locked;

  const onChange = (field: BlockField, value: unknown) => {
    setOutcome(null);
    setTouched(true);
    setDraft((d) => ({ ...d, [field]: value }));
  };
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await save(draft, t('blocks.panel.saveFailed'));
    setOutcome(result);
    if (result === 'saved' || result === 'unchanged') setTouched(false);
    if (result === 'saved') onSaved?.(draft.id);
  }

  return (
    <aside className="bg-panel" aria-label={t('blocks.panel.title')}>
      <header className="bg-panel__head">
        <h2 className="section-title">{isNew ? t('blocks.panel.newTitle') : `${block.title || block.id}`}</h2>
        <button type="button" className="popup__close" aria-label={t('blocks.panel.close')} onClick={() => onClose()}>
          ×
        </button>
      </header>
      {locked && (
        <div className="notice notice--info bg-panel__locked">
          <span>{t('blocks.panel.lockedNotice')}</span>
          <button
            type="button"
            className="btn btn--small btn--primary"
            disabled={busy}
            onClick={() => setLocked(block.id, false, t('blocks.panel.saveFailed'))}
          >
            {t('blocks.panel.unlock')}
          </button>
        </div>
      )}
      <ServerErrorNotice error={serverError} />
      {outcome === 'saved' && (
        <p className="notice notice--success" role="status">
          {t('blocks.panel.saved')}
        </p>
      )}
      {outcome === 'unchanged' && (
        <p className="notice notice--info" role="status">
          {t('blocks.panel.unchanged')}
        </p>
      )}
      {outcome === 'invalid' && (
        <p className="notice notice--error" role="alert">
          {t('blocks.panel.invalid')}
        </p>
      )}
      <form className="bg-panel__form" onSubmit={onSubmit} noValidate>
        <fieldset className="bg-panel__fields" disabled={locked || busy}>
          {FIELD_GROUPS.map((group, i) => (
            <FieldGroup
              key={group.key}
              groupKey={group.key}
              fields={group.fields}
              open={i === 0 || group.fields.some((f) => fieldErrors[f] || serverError?.field === f)}
              draft={draft}
              options={options}
              locked={locked}
              isNew={isNew}
              errors={fieldErrors}
              serverError={serverError}
              onChange={onChange}
            />
          ))}
        </fieldset>
        <div className="bg-panel__actions">
          <button type="submit" className="btn btn--primary" disabled={locked || busy}>
            {isNew ? t('blocks.panel.create') : t('blocks.panel.save')}
          </button>
          {!isNew && !locked && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() => setLocked(block.id, true, t('blocks.panel.saveFailed'))}
            >
              {t('blocks.panel.lock')}
            </button>
          )}
          {!isNew && !locked && (
            <DeleteButton
              busy={busy}
              error={serverError}
              onDelete={(force) =>
                destroy(block.id, force, t('blocks.panel.deleteFailed')).then((ok) => ok && onClose(true))
              }
            />
          )}
        </div>
      </form>
      {/* Outside the block's form: synonyms belong to the character and are saved on their own. */}
      {!isNew && <SynonymsSection base={base} character={character} block={draft} disabled={locked} />}
    </aside>
  );
}

interface GroupProps {
  groupKey: (typeof FIELD_GROUPS)[number]['key'];
  fields: readonly BlockField[];
  open: boolean;
  draft: Block;
  options: RefOptions;
  locked: boolean;
  isNew: boolean;
  errors: FieldErrors;
  serverError: ServerError | null;
  onChange: (field: BlockField, value: unknown) => void;
}

function FieldGroup({
  groupKey,
  fields,
  open,
  draft,
  options,
  locked,
  isNew,
  errors,
  serverError,
  onChange,
}: GroupProps) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <details className="bg-group" open={open}>
      <summary className="bg-group__title">{t(`blocks.group.${groupKey}`)}</summary>
      {fields.map((field) => {
        const inputId = `bg-field-${field}`;
        const error = errors[field];
        const serverText = serverError?.field === field ? serverError.message : null;
        const editableId = field === 'id' && isNew;
        return (
          <div key={field} className={error || serverText ? 'field field--error' : 'field'}>
            {/* The translations are a fieldset with its own legend. */}
            {widgetOf(field).kind !== 'translations' && (
              <label className="field__label" htmlFor={inputId}>
                {t(`blocks.field.${field}`)}
              </label>
            )}
            {editableId ? (
              <input
                id={inputId}
                className="field__input"
                value={draft.id}
                onChange={(e) => onChange('id', e.target.value)}
              />
            ) : (
              <FieldInput
                field={field}
                inputId={inputId}
                draft={draft}
                options={options}
                disabled={locked}
                onChange={onChange}
              />
            )}
            {error && (
              <p className="rule-list" role="alert">
                {t(`blocks.error.${error.key}`, error.values)}
              </p>
            )}
            {serverText && (
              <p className="rule-list" role="alert">
                {serverText}
              </p>
            )}
          </div>
        );
      })}
    </details>
  );
}

function ServerErrorNotice({ error }: { error: ServerError | null }) {
  const { t } = useTranslation(ADMIN_NS);
  if (!error || error.field) return null;
  return (
    <div className="notice notice--error" role="alert">
      <p>{error.message}</p>
      {error.references.length > 0 && (
        <ul className="small">
          {error.references.map((r, i) => (
            <li key={i}>{t('blocks.panel.reference', { id: r.id ?? '', field: r.field ?? '' })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DeleteButton({
  busy,
  error,
  onDelete,
}: {
  busy: boolean;
  error: ServerError | null;
  onDelete: (force: boolean) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const referenced = error?.code === 'BLOCK_REFERENCED';
  return (
    <button type="button" className="btn btn--danger" disabled={busy} onClick={() => onDelete(referenced)}>
      {referenced ? t('blocks.panel.forceDelete') : t('blocks.panel.delete')}
    </button>
  );
}
