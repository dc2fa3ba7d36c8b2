import { useState, type FormEvent } from 'react';
import { LOG_TYPES, type LogType } from '@talkwith/proto/logging';
import { Field } from '../../../app/ui.tsx';
import { SelectField } from '../characters/fields.tsx';
import { CharacterPicker } from '../engagement/CatalogPickers.tsx';
import { useAdminTexts } from '../i18n.ts';
import { cleanCriteria, LOG_SOURCES, type LogCriteria } from './logFilter.ts';
import { LogUserPicker } from './LogUserPicker.tsx';

/** The form's state: what the inputs hold (free text until 検索 cleans it). */
type Draft = { [K in keyof LogCriteria]?: K extends 'types' ? LogType[] : string };

function TypeChecks({ chosen, onChange }: { chosen: readonly LogType[]; onChange: (types: LogType[]) => void }) {
  const { t } = useAdminTexts('logs');
  const toggle = (type: LogType, on: boolean) =>
    onChange(LOG_TYPES.filter((t2) => (t2 === type ? on : chosen.includes(t2))));
  return (
    <fieldset className="logs-types">
      <legend className="field__label">{t('filter.types')}</legend>
      {LOG_TYPES.map((type) => (
        <label key={type} className="logs-types__choice">
          <input type="checkbox" checked={chosen.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
          {t(`type.${type}`)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The filter as a form: edits stay in the form until 検索, which hands the
 * cleaned criteria on (the page puts them in the address). The form starts
 * from what the address holds and follows it when the address changes.
 */
export function LogFilterForm({
  criteria,
  onApply,
}: {
  criteria: LogCriteria;
  onApply: (criteria: LogCriteria) => void;
}) {
  const { t } = useAdminTexts('logs');
  const [draft, setDraft] = useState<Draft>(criteria);
  const [shown, setShown] = useState(criteria);
  // A new address (a link followed, back/forward) replaces the draft: derived state, reset during render.
  if (shown !== criteria) {
    setShown(criteria);
    setDraft(criteria);
  }
  const set = (patch: Omit<Draft, 'types'>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(cleanCriteria(draft));
  };
  return (
    <form className="logs-filter" onSubmit={submit} aria-label={t('filter.title')}>
      <TypeChecks chosen={draft.types ?? []} onChange={(types) => setDraft((d) => ({ ...d, types }))} />
      <div className="toolbar billing-filters">
        <LogUserPicker value={draft.user_id ?? ''} onChange={(userId) => set({ user_id: userId })} />
        <CharacterPicker
          label={t('filter.character')}
          emptyLabel={t('filter.allCharacters')}
          value={draft.character_id ?? ''}
          onChange={(id) => set({ character_id: id })}
        />
        <SelectField
          label={t('filter.source')}
          value={draft.source ?? ''}
          emptyLabel={t('source.all')}
          choices={LOG_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
          onChange={(e) => set({ source: e.target.value })}
        />
      </div>
      <div className="toolbar billing-filters">
        <Field
          label={t('filter.from')}
          type="date"
          value={draft.from ?? ''}
          max={draft.to}
          onChange={(e) => set({ from: e.target.value })}
        />
        <Field
          label={t('filter.to')}
          type="date"
          value={draft.to ?? ''}
          min={draft.from}
          onChange={(e) => set({ to: e.target.value })}
        />
        <Field
          label={t('filter.text')}
          type="search"
          value={draft.text ?? ''}
          maxLength={200}
          onChange={(e) => set({ text: e.target.value })}
        />
      </div>
      <p className="muted small">{t('filter.datesHint')}</p>
      <div className="logs-filter__actions">
        <button type="submit" className="btn btn--primary">
          {t('filter.apply')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('filter.clear')}
        </button>
      </div>
    </form>
  );
}
