import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddCharacterBody, slugOf } from '@talkwith/proto/catalog';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminAddCharacterMutation } from './charactersApi.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { TextAreaField } from './fields.tsx';
import { useSchemaErrors } from './schemaErrors.ts';
import { placeServerError, serverErrorOf } from './serverError.ts';

const FIELDS = ['name', 'slug', 'price', 'description'] as const;

/** The add body from the inputs: an empty slug or price is left out (the server derives the slug from the name). */
export function addBodyOf(input: {
  name: string;
  slug: string;
  price: string;
  description: string;
}): Record<string, unknown> {
  return {
    name: input.name.trim(),
    description: input.description,
    ...(input.slug.trim() ? { slug: input.slug.trim() } : {}),
    ...(input.price.trim() ? { price: Number(input.price) } : {}),
  };
}

/** Adds an unpublished character and opens its page. */
export function NewCharacterForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath, apiBase } = useAdminBase();
  const navigate = useNavigate();
  const [add, { isLoading, error }] = useAdminAddCharacterMutation();
  const [input, setInput] = useState({ name: '', slug: '', price: '', description: '' });
  const check = useSchemaErrors();
  useLeaveGuard(Object.values(input).some((value) => value.trim() !== ''));
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = placeServerError(serverErrorOf(error, t('characters.failed')), FIELDS);
  const errors = { ...server.fieldErrors, ...checked };
  const set = (field: keyof typeof input) => (value: string) => {
    setInput({ ...input, [field]: value });
    setChecked({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = addBodyOf(input);
    const problems = check(AddCharacterBody, body);
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    const result = await add({ base: apiBase, body: body as AddCharacterBody });
    if (result.data) void navigate(`${basePath}/characters/${encodeURIComponent(result.data.character.id)}`);
  };

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="section-title">{t('characters.new')}</h2>
        {server.topError && <Notice kind="error">{server.topError}</Notice>}
        <div className="form-grid">
          <Field
            label={t('characters.field.name')}
            name="name"
            value={input.name}
            error={errors.name}
            onChange={(e) => set('name')(e.target.value)}
            autoFocus
          />
          <Field
            label={t('characters.field.slug')}
            name="slug"
            value={input.slug}
            error={errors.slug}
            onChange={(e) => set('slug')(e.target.value)}
            placeholder={slugOf(input.name) || undefined}
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
            hint={t('characters.hint.price')}
          />
        </div>
        <TextAreaField
          label={t('characters.field.description')}
          name="description"
          value={input.description}
          error={errors.description}
          onChange={(e) => set('description')(e.target.value)}
          rows={3}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {t('characters.add')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('characters.cancel')}
          </button>
        </div>
      </form>
    </Card>
  );
}
