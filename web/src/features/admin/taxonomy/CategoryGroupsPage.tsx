import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Group } from '@talkwith/proto/catalog';
import { usePopup } from '../../../app/shell.ts';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { refusalOf, type Refusal } from './formSupport.ts';
import { GroupForm } from './GroupForm.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { RefusalNotice } from './RefusalNotice.tsx';
import {
  useAdminCategoryGroupsQuery,
  useAdminCategoryQuery,
  useAdminCreateGroupMutation,
  useAdminDeleteGroupMutation,
  useAdminUpdateGroupMutation,
} from './taxonomyApi.ts';
import './taxonomy.css';

function GroupPanel({ group }: { group: Group }) {
  const { t: ta } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const popup = usePopup();
  const [editing, setEditing] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [update] = useAdminUpdateGroupMutation();
  const [remove] = useAdminDeleteGroupMutation();
  const confirmDelete = () =>
    popup.show({
      message: ta('taxonomy.confirmDeleteGroup', { name: group.name }),
      ok: {
        title: ta('taxonomy.delete'),
        onClick: async () => {
          setRefusal(null);
          try {
            await remove({ base: apiBase, id: group.id }).unwrap();
          } catch (error) {
            setRefusal(refusalOf(error, ta('taxonomy.failed')));
          }
        },
      },
      cancel: { title: ta('taxonomy.cancel') },
    });
  return (
    <Card className="taxonomy-group">
      <RefusalNotice refusal={refusal} />
      {editing ? (
        <GroupForm
          group={group}
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await update({ base: apiBase, id: group.id, body }).unwrap();
            setEditing(false);
          }}
        />
      ) : (
        <div className="taxonomy-item">
          <div className="taxonomy-item__main">
            <h3 className="taxonomy-group__name">{group.name}</h3>
            <span className="muted small">
              {ta('taxonomy.memberCount', { n: group.character_count })} ·{' '}
              {ta('taxonomy.sortShort', { n: group.sort_order })}
            </span>
            {group.description && <span className="muted small">{group.description}</span>}
          </div>
          <div className="taxonomy-item__actions">
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
              {ta('taxonomy.edit')}
            </button>
            <button type="button" className="btn btn--danger btn--small" onClick={confirmDelete}>
              {ta('taxonomy.delete')}
            </button>
          </div>
        </div>
      )}
      <GroupMembers group={group} />
    </Card>
  );
}

/** full/categories/{category_id}/groups: the category's groups (create, edit, delete) and the characters of each. */
export function CategoryGroupsPage() {
  const { t: ta } = useTranslation(ADMIN_NS);
  const { basePath, apiBase } = useAdminBase();
  const { category_id: categoryId = '' } = useParams();
  const category = useAdminCategoryQuery({ base: apiBase, id: categoryId });
  const groups = useAdminCategoryGroupsQuery({ base: apiBase, categoryId });
  const [create] = useAdminCreateGroupMutation();
  return (
    <div className="taxonomy">
      <p className="taxonomy-back">
        <Link to={`${basePath}/full/categories`}>‹ {ta('taxonomy.categories')}</Link>
      </p>
      {category.error && <Notice kind="error">{refusalOf(category.error, ta('taxonomy.failed')).message}</Notice>}
      {category.data && (
        <>
          <h2 className="taxonomy-title">{ta('taxonomy.groupsOf', { name: category.data.category.name })}</h2>
          <Card>
            <h3 className="section-title">{ta('taxonomy.newGroup')}</h3>
            <GroupForm onSubmit={(body) => create({ base: apiBase, categoryId, body }).unwrap()} />
          </Card>
        </>
      )}
      {groups.isLoading && <Spinner label={ta('taxonomy.loading')} />}
      {groups.data && groups.data.groups.length === 0 && <p className="muted">{ta('taxonomy.noGroups')}</p>}
      {groups.data?.groups.map((g) => (
        <GroupPanel key={g.id} group={g} />
      ))}
    </div>
  );
}
