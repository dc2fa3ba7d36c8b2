import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateCharacterBody, type AdminCharacter } from '@talkwith/proto/catalog';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { TranslationsField } from '../translations/TranslationsField.tsx';
import type { Translations } from '@talkwith/proto/identity';
import { useAdminGroupChoicesQuery, useAdminUpdateCharacterMutation } from './charactersApi.ts';
import { SelectField, TextAreaField, type Choice } from './fields.tsx';
import { useSchemaErrors } from './schemaErrors.ts';
import { placeServerError, serverErrorOf } from './serverError.ts';

const FIELDS = ['name', 'slug', 'price', 'group_id', 'description'] as const;

interface Inputs {
  name: string;
  slug: string;
  price: string;
  group_id: string;
  description: string;
  name_i18n: Translations;
  description_i18n: Translations;
}

const inputsOf = (c: AdminCharacter): Inputs => ({
  name: c.name,
  slug: c.slug,
  price: String(c.price),
  group_id: c.group_id ?? '',
  description: c.description,
  name_i18n: c.name_i18n,
  description_i18n: c.description_i18n,
});

/** The update body: an empty group means "no group" (null); the price as a number ('' stays a string so the schema names it). */
export function updateBodyOf(input: Inputs): Record<string, unknown> {
  return {
    name: input.name.trim(),
    slug: input.slug.trim(),
    description: input.description,
    price: input.price.trim() === '' ? input.price : Number(input.price),
    group_id: input.group_id.trim() || null,
    name_i18n: input.name_i18n,
    description_i18n: input.description_i18n,
  };
}

/** Name, URL name, price, group and description of one character. */
export function CharacterForm({ character }: { character: AdminCharacter }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [update, { isLoading, error, isSuccess, reset }] = useAdminUpdateCharacterMutation();
  const groups = useAdminGroupChoicesQuery({ base: apiBase });
  const [input, setInput] = useState<Inputs>(() => inputsOf(character));
  const groupChoices: Choice[] = (groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }));
  // A stored group the list does not have (or a list that failed to load) stays choosable, shown by its id.
  if (input.group_id && !groupChoices.some((g) => g.value === input.group_id))
    groupChoices.push({ value: input.group_id, label: input.group_id });
  const check = useSchemaErrors();
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = placeServerError(serverErrorOf(error, t('characters.failed')), FIELDS);
  const errors = { ...server.fieldErrors, ...checked };
  // Edits since the last save (the server trims what it stores): leaving the page (a link, closing the tab) asks first.
  const [touched, setTouched] = useState(false);
  const set = (field: keyof Inputs) => (value: string | Translations) => {
    setInput({ ...input, [field]: value });
    setTouched(true);
    setChecked({});
    reset();
  };
  useLeaveGuard(touched && JSON.stringify(input) !== JSON.stringify(inputsOf(character)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = updateBodyOf(input);
    const problems = check(UpdateCharacterBody, body);
    setChecked(problems);
    if (
      Object.keys(problems).length === 0 &&
      !('error' in (await update({ base: apiBase, id: character.id, body: body as UpdateCharacterBody })))
    )
      setTouched(false);
  };

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="section-title">{t('characters.basics')}</h2>
        {server.topError && <Notice kind="error">{server.topError}</Notice>}
        {isSuccess && <Notice kind="success">{t('characters.saved')}</Notice>}
        <div className="form-grid">
          <Field
            label={t('characters.field.name')}
            name="name"
            value={input.name}
            error={errors.name}
            onChange={(e) => set('name')(e.target.value)}
          />
          <Field
            label={t('characters.field.slug')}
            name="slug"
            value={input.slug}
            error={errors.slug}
            onChange={(e) => set('slug')(e.target.value)}
            hint={t('characters.hint.slug')}
          />
          <Field
            label={t('characters.field.price')}
            name="price"
            type="number"
            min={0}
            inputMode="numeric"
            value={input.price}
            error={errors.price}
            onChange={(e) => set('price')(e.target.value)}
          />
          <SelectField
            label={t('characters.field.group')}
            name="group_id"
            value={input.group_id}
            error={errors.group_id}
            onChange={(e) => set('group_id')(e.target.value)}
            choices={groupChoices}
            emptyLabel={t('characters.noGroup')}
          />
        </div>
        <TranslationsField
          label={t('characters.field.name')}
          japanese={input.name}
          value={input.name_i18n}
          onChange={set('name_i18n')}
          maxLength={200}
        />
        <TextAreaField
          label={t('characters.field.description')}
          name="description"
          value={input.description}
          error={errors.description}
          onChange={(e) => set('description')(e.target.value)}
          rows={4}
        />
        <TranslationsField
          label={t('characters.field.description')}
          japanese={input.description}
          value={input.description_i18n}
          onChange={set('description_i18n')}
          maxLength={5000}
          multiline
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {t('characters.save')}
          </button>
          <span className="muted small">{t('characters.idIs', { id: character.id })}</span>
        </div>
      </form>
    </Card>
  );
}
