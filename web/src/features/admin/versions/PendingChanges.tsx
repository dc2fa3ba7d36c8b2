import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { DiffList } from './DiffList.tsx';
import { useAdminCharacterDiffQuery } from './versionsApi.ts';

/** Before publishing: what the draft changes from the live version, in words. */
export function PendingChanges({
  characterId,
  liveVersion,
  differs,
}: {
  characterId: string;
  liveVersion: number;
  differs: boolean;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, isFetching } = useAdminCharacterDiffQuery({ base: apiBase, id: characterId }, { skip: !differs });
  if (!differs) return <p className="muted small">{t('versions.noChanges')}</p>;
  return (
    <section aria-label={t('versions.changesTitle', { version: liveVersion })}>
      <h3 className="section-title">{t('versions.changesTitle', { version: liveVersion })}</h3>
      {!data && isFetching && <Spinner label={t('versions.loadingDiff')} />}
      {data &&
        (data.diff.same ? <p className="muted small">{t('versions.noChanges')}</p> : <DiffList diff={data.diff} />)}
    </section>
  );
}
