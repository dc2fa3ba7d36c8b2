import { useTranslation } from 'react-i18next';
import type { Category, CategoryPastePreviewReply, PastePlanGroup } from '@talkwith/proto/catalog';
import { Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { refusalOf } from './formSupport.ts';
import { useAdminPasteCategoryMutation, useAdminPastePreviewQuery } from './taxonomyApi.ts';
import '../billing/billing.css';

/**
 * 「複製」 of a category: the server's dry run of the paste (the same plan the
 * paste writes) shown first — the new name, slug and place in the menu, the
 * groups it creates, and the characters that stay in the original groups —
 * and the paste only when the operator confirms it.
 */
export function PasteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const preview = useAdminPastePreviewQuery({ base: apiBase, id: category.id }, { refetchOnMountOrArgChange: true });
  const [paste] = useAdminPasteCategoryMutation();
  const plan = preview.isFetching ? undefined : preview.data;
  return (
    <ConfirmDialog
      title={t('taxonomy.pastePlan.title', { name: category.name })}
      confirmLabel={t('taxonomy.pastePlan.confirm')}
      check={() => (plan ? null : t('taxonomy.pastePlan.notReady'))}
      onConfirm={() => paste({ base: apiBase, id: category.id }).unwrap()}
      onClose={onClose}
    >
      {preview.isFetching && <Spinner label={t('taxonomy.pastePlan.loading')} />}
      {preview.isError && !preview.isFetching && (
        <Notice kind="error">{refusalOf(preview.error, t('taxonomy.failed')).message}</Notice>
      )}
      {plan && <PastePlanView plan={plan} />}
    </ConfirmDialog>
  );
}

/** The plan as the server sent it; nothing here decides anything. */
export function PastePlanView({ plan }: { plan: CategoryPastePreviewReply }) {
  const { t } = useTranslation(ADMIN_NS);
  const { category } = plan;
  const translated = Object.entries(category.name_i18n ?? {}).filter(([, text]) => text);
  return (
    <section className="paste-plan" aria-label={t('taxonomy.pastePlan.newCategory')}>
      <p>{t('taxonomy.pastePlan.lead', { name: plan.source.name })}</p>
      <dl className="paste-plan__facts">
        <dt>{t('taxonomy.pastePlan.name')}</dt>
        <dd>{category.name}</dd>
        <dt>{t('taxonomy.pastePlan.url')}</dt>
        <dd className="mono">/theme/{category.slug}</dd>
        <dt>{t('taxonomy.pastePlan.sortOrder')}</dt>
        <dd>{category.sort_order}</dd>
        {translated.length > 0 && (
          <>
            <dt>{t('taxonomy.pastePlan.translations')}</dt>
            <dd>{translated.map(([language, text]) => `${language}: ${text}`).join(' / ')}</dd>
          </>
        )}
      </dl>
      <h4 className="paste-plan__title">{t('taxonomy.pastePlan.groups', { n: plan.groups.length })}</h4>
      {plan.groups.length === 0 ? (
        <p className="muted small">{t('taxonomy.pastePlan.noGroups')}</p>
      ) : (
        <ul className="paste-plan__groups">
          {plan.groups.map((group) => (
            <PlannedGroup key={group.source_group_id} group={group} />
          ))}
        </ul>
      )}
      {plan.groups.some((g) => g.characters.length > 0) && (
        <p className="muted small">{t('taxonomy.pastePlan.characterLimit')}</p>
      )}
      {plan.groups.length > 0 && <p className="muted small">{t('taxonomy.pastePlan.notOnMenu')}</p>}
    </section>
  );
}

function PlannedGroup({ group }: { group: PastePlanGroup }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <li className="paste-plan__group">
      <span className="paste-plan__group-name" title={group.source_group_id}>
        {group.name}
      </span>{' '}
      <span className="muted small">{t('taxonomy.sortShort', { n: group.sort_order })}</span>
      <p className="small">
        {group.characters.length === 0
          ? t('taxonomy.pastePlan.groupEmpty')
          : t('taxonomy.pastePlan.staying', {
              names: group.characters.map((c) => c.name).join('、'),
              group: group.name,
            })}
      </p>
    </li>
  );
}
