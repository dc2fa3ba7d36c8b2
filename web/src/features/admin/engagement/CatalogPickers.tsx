import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { SelectField, type Choice } from '../characters/fields.tsx';
import { useAdminCharacterAllQuery, useAdminCharactersQuery } from '../characters/charactersApi.ts';
import { ADMIN_NS } from '../i18n.ts';
import { pickerLabel } from '../pickerLabel.ts';

/** Keeps a chosen id selectable even when the list on screen does not hold it (another page of characters, a deleted block). */
const withCurrent = (choices: Choice[], current: string): Choice[] =>
  !current || choices.some((c) => c.value === current) ? choices : [{ value: current, label: current }, ...choices];

interface PickerProps {
  label: string;
  value: string;
  onChange: (id: string) => void;
  emptyLabel?: string;
  error?: string | null;
  required?: boolean;
}

/**
 * A character of the catalog's admin list (GET /api/admin/characters, 20 a
 * page): the select shows the first page; when there are more, a name search
 * above it narrows the list.
 */
export function CharacterPicker({ label, value, onChange, emptyLabel, error, required }: PickerProps) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [q, setQ] = useState('');
  const { data, isFetching, error: failure } = useAdminCharactersQuery({ base: apiBase, q: q.trim(), page: 1 });
  const many = (data && data.total > data.per_page) || q !== '';
  const choices = withCurrent(
    (data?.characters ?? []).map((c) => ({ value: c.id, label: pickerLabel(c.name, c.id) })),
    value,
  );
  return (
    <div className="engagement-picker">
      {many && (
        <Field
          label={t('engagement.pickers.characterSearch')}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      )}
      <SelectField
        label={label}
        value={value}
        emptyLabel={emptyLabel ?? t('engagement.pickers.choose')}
        choices={choices}
        required={required}
        hint={isFetching && !data ? t('engagement.loading') : undefined}
        error={error ?? (failure ? t('engagement.pickers.charactersFailed') : null)}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A block of one character's draft (GET /api/admin/characters/{id}/all, as the block editor loads it). */
export function BlockPicker({
  characterId,
  label,
  value,
  onChange,
  error,
  required,
}: PickerProps & { characterId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const {
    data,
    isFetching,
    error: failure,
  } = useAdminCharacterAllQuery({ base: apiBase, id: characterId }, { skip: !characterId });
  const blocks = characterId ? (data?.character.blocks ?? []) : [];
  const choices = withCurrent(
    blocks.map((b) => ({ value: b.id, label: pickerLabel(b.title, b.id) })),
    value,
  );
  const hint = !characterId
    ? t('engagement.pickers.characterFirst')
    : isFetching && !data
      ? t('engagement.loading')
      : undefined;
  return (
    <SelectField
      label={label}
      value={value}
      emptyLabel={t('engagement.pickers.choose')}
      choices={choices}
      disabled={!characterId}
      required={required}
      hint={hint}
      error={error ?? (failure ? t('engagement.pickers.blocksFailed') : null)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
