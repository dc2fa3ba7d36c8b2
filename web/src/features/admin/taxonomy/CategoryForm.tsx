import { useTranslation } from 'react-i18next';
import { CategoryPatch, NewCategoryBody, slugOf, type Category } from '@talkwith/proto/catalog';
import { Field } from '../../../app/ui.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { optionalNumber } from './formSupport.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import { TranslatedTexts, useTranslatedTexts } from './TranslatedTexts.tsx';
import { useTaxonomyForm } from './useTaxonomyForm.ts';

interface Values extends Record<string, string> {
  name: string;
  slug: string;
  description: string;
  sort_order: string;
}

const valuesOf = (c?: Category): Values => ({
  name: c?.name ?? '',
  slug: c?.slug ?? '',
  description: c?.description ?? '',
  sort_order: c ? String(c.sort_order) : '',
});

function bodyOf(v: Values): NewCategoryBody {
  const sortOrder = optionalNumber(v.sort_order);
  return {
    name: v.name.trim(),
    description: v.description,
    ...(v.slug.trim() ? { slug: v.slug.trim() } : {}),
    ...(sortOrder === undefined ? {} : { sort_order: sortOrder }),
  };
}

/**
 * Create (no `category`) or edit a category. Checked against the same proto
 * schema as the server; a name with no latin letter or digit needs a slug, as
 * the server says too.
 */
export function CategoryForm({
  category,
  onSubmit,
  onCancel,
}: {
  category?: Category;
  onSubmit: (body: NewCategoryBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t: ta } = useTranslation(ADMIN_NS);
  const texts = useTranslatedTexts(category);
  const form = useTaxonomyForm({
    initial: valuesOf(category),
    bodyOf: (v: Values) => ({ ...bodyOf(v), ...texts.body }),
    schema: category ? CategoryPatch : NewCategoryBody,
    onSubmit: texts.thenReset(onSubmit, !category),
    reset: !category,
    otherEdits: texts.dirty,
    extraErrors: category
      ? undefined
      : (body: NewCategoryBody): Record<string, string> =>
          !body.slug && !slugOf(body.name) && body.name ? { slug: ta('taxonomy.slugNeeded') } : {},
  });
  const { values, set, errors } = form;
  const suggested = slugOf(values.name);
  return (
    <form className="taxonomy-form" onSubmit={form.submit} noValidate>
      <RefusalNotice refusal={form.refusal} />
      <div className="taxonomy-form__grid">
        <Field
          label={ta('taxonomy.field.name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          required
          maxLength={100}
        />
        <Field
          label={ta('taxonomy.field.slug')}
          value={values.slug}
          onChange={set('slug')}
          error={errors.slug}
          maxLength={100}
          placeholder={suggested}
          hint={suggested ? ta('taxonomy.hint.slugFrom', { slug: suggested }) : ta('taxonomy.hint.slug')}
        />
        <Field
          label={ta('taxonomy.field.sortOrder')}
          value={values.sort_order}
          onChange={set('sort_order')}
          error={errors.sort_order}
          inputMode="numeric"
          hint={ta('taxonomy.hint.sortOrder')}
        />
      </div>
      <Field
        label={ta('taxonomy.field.description')}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        maxLength={2000}
      />
      <TranslatedTexts
        texts={texts}
        name={values.name}
        description={values.description}
        nameLabel={ta('taxonomy.field.name')}
      />
      <div className="taxonomy-form__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={form.busy}>
          {category ? ta('taxonomy.save') : ta('taxonomy.addCategory')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            {ta('taxonomy.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
