import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Category } from '@talkwith/proto/catalog';
import { usePopup } from '../../../app/shell.ts';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { CategoryForm } from './CategoryForm.tsx';
import { PasteCategoryDialog } from './PasteCategoryDialog.tsx';
import { refusalOf, type Refusal } from './formSupport.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import {
  useAdminCategoriesQuery,
  useAdminCreateCategoryMutation,
  useAdminDeleteCategoryMutation,
  useAdminUpdateCategoryMutation,
} from './taxonomyApi.ts';
import './taxonomy.css';

function CategoryRow({ category, onRefused }: { category: Category; onRefused: (refusal: Refusal | null) => void }) {
  const { t: ta } = useTranslation(ADMIN_NS);
  const { basePath, apiBase } = useAdminBase();
  const popup = usePopup();
  const [editing, setEditing] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [update] = useAdminUpdateCategoryMutation();
  const [remove] = useAdminDeleteCategoryMutation();
  const run = async (work: () => Promise<unknown>) => {
    onRefused(null);
    try {
      await work();
    } catch (error) {
      onRefused(refusalOf(error, ta('taxonomy.failed')));
    }
  };
  const confirmDelete = () =>
    popup.show({
      message: ta('taxonomy.confirmDeleteCategory', { name: category.name }),
      ok: {
        title: ta('taxonomy.delete'),
        onClick: () => run(() => remove({ base: apiBase, id: category.id }).unwrap()),
      },
      cancel: { title: ta('taxonomy.cancel') },
    });
  if (editing) {
    return (
      <li className="taxonomy-item taxonomy-item--editing">
        <CategoryForm
          category={category}
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await update({ base: apiBase, id: category.id, body }).unwrap();
            setEditing(false);
          }}
        />
      </li>
    );
  }
  return (
    <li className="taxonomy-item">
      <div className="taxonomy-item__main">
        <Link
          className="taxonomy-item__name"
          to={`${basePath}/full/categories/${encodeURIComponent(category.id)}/groups`}
        >
          {category.name}
        </Link>
        <span className="taxonomy-item__meta muted small">
          /theme/{category.slug} · {ta('taxonomy.groupCount', { n: category.group_count })} ·{' '}
          {ta('taxonomy.sortShort', { n: category.sort_order })}
        </span>
        {category.description && <span className="muted small">{category.description}</span>}
      </div>
      <div className="taxonomy-item__actions">
        <Link
          className="btn btn--ghost btn--small"
          to={`${basePath}/full/categories/${encodeURIComponent(category.id)}/groups`}
        >
          {ta('taxonomy.groups')}
        </Link>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
          {ta('taxonomy.edit')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setPasting(true)}>
          {ta('taxonomy.paste')}
        </button>
        <button type="button" className="btn btn--danger btn--small" onClick={confirmDelete}>
          {ta('taxonomy.delete')}
        </button>
      </div>
      {pasting && <PasteCategoryDialog category={category} onClose={() => setPasting(false)} />}
    </li>
  );
}

/**
 * full/categories: every category in menu order; create, edit, paste (duplicate
 * with its groups, after the server's preview of it), delete (refused while groups remain).
 */
export function CategoriesPage() {
  const { t: ta } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, isLoading, error } = useAdminCategoriesQuery({ base: apiBase });
  const [create] = useAdminCreateCategoryMutation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  return (
    <div className="taxonomy">
      <Card>
        <h2 className="section-title">{ta('taxonomy.newCategory')}</h2>
        <CategoryForm onSubmit={(body) => create({ base: apiBase, body }).unwrap()} />
      </Card>
      <Card>
        <h2 className="section-title">{ta('taxonomy.categories')}</h2>
        <RefusalNotice refusal={refusal} />
        {isLoading && <Spinner label={ta('taxonomy.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, ta('taxonomy.failed')).message}</Notice>}
        {data && data.categories.length === 0 && <p className="muted">{ta('taxonomy.noCategories')}</p>}
        <ul className="taxonomy-list">
          {data?.categories.map((c) => (
            <CategoryRow key={c.id} category={c} onRefused={setRefusal} />
          ))}
        </ul>
      </Card>
    </div>
  );
}
