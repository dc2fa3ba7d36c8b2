import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CharacterVersion } from '@talkwith/proto/catalog';
import { selectUser } from '../../../api/index.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { DiffList } from './DiffList.tsx';
import {
  useAdminCharacterDiffQuery,
  useAdminCharacterVersionsQuery,
  useAdminRestoreVersionMutation,
} from './versionsApi.ts';
import './versions.css';

/** Every published version (v, who, when, note), each with its differences from the draft and "restore into the draft". */
export function VersionsPanel({ characterId }: { characterId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, isLoading } = useAdminCharacterVersionsQuery({ base: apiBase, id: characterId });
  const [comparing, setComparing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [restored, setRestored] = useState<number | null>(null);
  const [restore] = useAdminRestoreVersionMutation();
  const versions = data?.versions ?? [];
  return (
    <Card>
      <h2 className="section-title">{t('versions.listTitle')}</h2>
      {isLoading && <Spinner label={t('characters.loading')} />}
      {data && versions.length === 0 && <p className="muted">{t('versions.noVersions')}</p>}
      {restored !== null && <Notice kind="success">{t('versions.restored', { version: restored })}</Notice>}
      {versions.length > 0 && (
        <table className="vd-table">
          <thead>
            <tr>
              <th>{t('versions.version')}</th>
              <th>{t('versions.by')}</th>
              <th>{String(t('versions.at'))}</th>
              <th>{t('versions.noteColumn')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <VersionRow
                key={v.version}
                version={v}
                comparing={comparing === v.version}
                onCompare={() => setComparing(comparing === v.version ? null : v.version)}
                onRestore={() => setRestoring(v.version)}
              />
            ))}
          </tbody>
        </table>
      )}
      {comparing !== null && <VersionDiff characterId={characterId} version={comparing} />}
      {restoring !== null && (
        <ConfirmDialog
          title={t('versions.restoreTitle', { version: restoring })}
          confirmLabel={t('versions.restoreConfirm')}
          check={() => null}
          onConfirm={async () => {
            await restore({ base: apiBase, id: characterId, version: restoring }).unwrap();
            setRestored(restoring);
          }}
          onClose={() => setRestoring(null)}
        >
          <p>{t('versions.restoreBody', { version: restoring })}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

function VersionRow({
  version: v,
  comparing,
  onCompare,
  onRestore,
}: {
  version: CharacterVersion;
  comparing: boolean;
  onCompare: () => void;
  onRestore: () => void;
}) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  return (
    <tr>
      <td>
        v{v.version} {v.live && <span className="badge badge--on">{t('versions.live')}</span>}
      </td>
      <td>
        <Publisher id={v.published_by} />
      </td>
      <td>{v.published_at ? new Date(v.published_at).toLocaleString(i18n.language) : ''}</td>
      <td>{v.note}</td>
      <td className="vd-table__actions">
        <button type="button" className="btn btn--small btn--ghost" aria-pressed={comparing} onClick={onCompare}>
          {comparing ? t('versions.hideDiff') : t('versions.showDiff')}
        </button>
        <button type="button" className="btn btn--small btn--ghost" onClick={onRestore}>
          {t('versions.restore')}
        </button>
      </td>
    </tr>
  );
}

/** Who published: 「あなた」 for the operator reading, else the admin's id (names are the users pages' to give), 「不明」 before versions were kept. */
function Publisher({ id }: { id: string | null }) {
  const { t } = useTranslation(ADMIN_NS);
  const me = useAppSelector(selectUser)?.id;
  if (id === null) return <>{t('versions.unknownAdmin')}</>;
  if (id === me) return <span title={id}>{t('versions.you')}</span>;
  return (
    <span className="vd-id" title={id}>
      {id}
    </span>
  );
}

/** What the draft changes from one version. */
function VersionDiff({ characterId, version }: { characterId: string; version: number }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, isFetching, isError } = useAdminCharacterDiffQuery({ base: apiBase, id: characterId, version });
  if (isError) return <Notice kind="error">{t('versions.failed')}</Notice>;
  if (!data) return isFetching ? <Spinner label={t('versions.loadingDiff')} /> : null;
  return (
    <section aria-label={t('versions.changesFromTitle', { version })}>
      <h3 className="section-title">{t('versions.changesFromTitle', { version })}</h3>
      {data.diff.same ? (
        <p className="muted">{t('versions.sameAsVersion', { version })}</p>
      ) : (
        <DiffList diff={data.diff} />
      )}
    </section>
  );
}
