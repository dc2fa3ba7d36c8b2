import { useTranslation } from 'react-i18next';
import { GroupPatch, NewCategoryGroupBody, type Group } from '@talkwith/proto/catalog';
import { Field } from '../../../app/ui.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { optionalNumber } from './formSupport.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import { TranslatedTexts, useTranslatedTexts } from './TranslatedTexts.tsx';
import { useTaxonomyForm } from './useTaxonomyForm.ts';

interface Values extends Record<string, string> {
  name: string;
  description: string;
  sort_order: string;
}

const valuesOf = (g?: Group): Values => ({
  name: g?.name ?? '',
  description: g?.description ?? '',
  sort_order: g ? String(g.sort_order) : '',
});

function bodyOf(v: Values): NewCategoryGroupBody {
  const sortOrder = optionalNumber(v.sort_order);
  return {
    name: v.name.trim(),
    description: v.description,
    ...(sortOrder === undefined ? {} : { sort_order: sortOrder }),
  };
}

/** Create (no `group`) or edit a group of the category in the page's path. */
export function GroupForm({
  group,
  onSubmit,
  onCancel,
}: {
  group?: Group;
  onSubmit: (body: NewCategoryGroupBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t: ta } = useTranslation(ADMIN_NS);
  const texts = useTranslatedTexts(group);
  const form = useTaxonomyForm({
    initial: valuesOf(group),
    bodyOf: (v: Values) => ({ ...bodyOf(v), ...texts.body }),
    schema: group ? GroupPatch : NewCategoryGroupBody,
    onSubmit: texts.thenReset(onSubmit, !group),
    reset: !group,
    otherEdits: texts.dirty,
  });
  const { values, set, errors } = form;
  return (
    <form className="taxonomy-form" onSubmit={form.submit} noValidate>
      <RefusalNotice refusal={form.refusal} />
      <div className="taxonomy-form__grid">
        <Field
          label={ta('taxonomy.field.groupName')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          required
          maxLength={100}
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
        nameLabel={ta('taxonomy.field.groupName')}
      />
      <div className="taxonomy-form__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={form.busy}>
          {group ? ta('taxonomy.save') : ta('taxonomy.addGroup')}
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
