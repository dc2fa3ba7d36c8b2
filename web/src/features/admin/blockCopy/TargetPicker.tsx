import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { SelectField } from '../characters/fields.tsx';
import { useAdminCharactersQuery } from '../characters/charactersApi.ts';
import { ADMIN_NS } from '../i18n.ts';
import { pickerLabel } from '../pickerLabel.ts';
import { useAdminCategoriesQuery } from '../taxonomy/taxonomyApi.ts';
import type { CopyTargets } from './blockCopyApi.ts';
import { CheckList } from './CheckList.tsx';

/**
 * Where the blocks go: characters picked by name (the first page of the
 * admin list, a name search narrows it), or every character of a category.
 */
export function TargetPicker({
  sourceId,
  targets,
  onChange,
}: {
  sourceId: string;
  targets: CopyTargets;
  onChange: (next: CopyTargets) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <div className="bc-targets">
      <fieldset className="bc-mode">
        <legend className="field__label">{t('blockCopy.targetMode')}</legend>
        <label>
          <input
            type="radio"
            name="bc-mode"
            checked={targets.kind === 'characters'}
            onChange={() => onChange({ kind: 'characters', ids: [] })}
          />{' '}
          {t('blockCopy.toCharacters')}
        </label>
        <label>
          <input
            type="radio"
            name="bc-mode"
            checked={targets.kind === 'category'}
            onChange={() => onChange({ kind: 'category', id: '' })}
          />{' '}
          {t('blockCopy.toCategory')}
        </label>
      </fieldset>
      {targets.kind === 'characters' ? (
        <CharacterTargets
          sourceId={sourceId}
          chosen={targets.ids}
          onChange={(ids) => onChange({ kind: 'characters', ids })}
        />
      ) : (
        <CategoryTarget value={targets.id} onChange={(id) => onChange({ kind: 'category', id })} />
      )}
    </div>
  );
}

function CharacterTargets({
  sourceId,
  chosen,
  onChange,
}: {
  sourceId: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [q, setQ] = useState('');
  const { data, isError } = useAdminCharactersQuery({ base: apiBase, q: q.trim(), page: 1 });
  const listed = (data?.characters ?? [])
    .filter((c) => c.id !== sourceId)
    .map((c) => ({ id: c.id, label: pickerLabel(c.name, c.id) }));
  // Characters chosen before a search narrowed the list stay chosen (and shown).
  const hidden = chosen.filter((id) => !listed.some((c) => c.id === id)).map((id) => ({ id, label: id }));
  return (
    <>
      <Field label={t('blockCopy.searchCharacters')} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      {isError && <p className="field__error">{t('blockCopy.charactersFailed')}</p>}
      <CheckList
        legend={t('blockCopy.targetCharacters')}
        items={[...hidden, ...listed]}
        chosen={new Set(chosen)}
        onChange={(next) => onChange([...next])}
      />
    </>
  );
}

function CategoryTarget({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, isError } = useAdminCategoriesQuery({ base: apiBase });
  return (
    <SelectField
      label={t('blockCopy.targetCategory')}
      hint={t('blockCopy.categoryHint')}
      value={value}
      emptyLabel={t('blockCopy.chooseCategory')}
      choices={(data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
      error={isError ? t('blockCopy.categoriesFailed') : null}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
