import { useTranslation } from 'react-i18next';
import type { AdminCharacter } from '@talkwith/proto/catalog';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminCharacterFaultsQuery, useAdminPublishCharacterMutation } from './charactersApi.ts';
import { FaultList } from './FaultList.tsx';
import { StateBadge } from './fields.tsx';
import { serverErrorOf } from './serverError.ts';

/** Published state, the validator's faults and the publish / unpublish buttons (a refused publish shows the faults the server sent). */
export function PublishPanel({ character }: { character: AdminCharacter }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const faultsQuery = useAdminCharacterFaultsQuery({ base: apiBase, id: character.id });
  const [publish, outcome] = useAdminPublishCharacterMutation();
  const refused = serverErrorOf(outcome.error, t('characters.failed'));
  const faults = refused?.faults.length ? refused.faults : (faultsQuery.data?.faults ?? []);
  const published = character.published_at !== null;
  const run = (next: boolean) => void publish({ base: apiBase, id: character.id, publish: next });
  return (
    <Card>
      <div className="admin-head">
        <h2 className="section-title">{t('characters.publishing')}</h2>
        <StateBadge published={published}>{published ? t('characters.published', { version: character.published_version }) : t('characters.unpublished')}</StateBadge>
      </div>
      {published && character.published_at && (
        <p className="muted small">{t('characters.publishedAt', { at: new Date(character.published_at).toLocaleString(i18n.language) })}</p>
      )}
      {refused && <Notice kind="error">{refused.message}</Notice>}
      {faultsQuery.isFetching && !faultsQuery.data && <Spinner label={t('characters.checking')} />}
      {faultsQuery.data && faults.length === 0 && <Notice kind="success">{t('characters.noFaults')}</Notice>}
      {faults.length > 0 && (
        <>
          <p className="small">{t('characters.faultsLead', { n: faults.length })}</p>
          <FaultList characterId={character.id} faults={faults} />
        </>
      )}
      <div className="form-actions stack-top">
        <button type="button" className="btn btn--primary" disabled={outcome.isLoading || faults.length > 0} onClick={() => run(true)}>
          {published ? t('characters.republish') : t('characters.publish')}
        </button>
        {published && <button type="button" className="btn btn--ghost" disabled={outcome.isLoading} onClick={() => run(false)}>{t('characters.unpublish')}</button>}
      </div>
    </Card>
  );
}
