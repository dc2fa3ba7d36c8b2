import { useTranslation } from 'react-i18next';
import type { ContinuityReport } from '@talkwith/proto/catalog';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { serverErrorOf } from '../characters/serverError.ts';
import { mediaFactsOf } from './mediaFacts.ts';
import { ReferenceList } from './ReferenceList.tsx';
import { SubtitleEditor } from './SubtitleEditor.tsx';
import { useAdminUpdateMediaInfoMutation, useAdminVideoDetailsQuery } from './videosApi.ts';
import { useVideoRoute } from './useVideoRoute.ts';
import './videos.css';

function Continuity({ report }: { report: ContinuityReport | null }) {
  const { t } = useTranslation(ADMIN_NS);
  if (!report) return <p className="muted">{t('videos.continuity.notChecked')}</p>;
  const distance = (value: number | null) => (value === null ? '—' : value.toFixed(3));
  return (
    <>
      <dl className="facts">
        <dt>{t('videos.continuity.standby')}</dt><dd>{report.standby_video_id ?? t('videos.continuity.noStandby')}</dd>
        <dt>{t('videos.continuity.first')}</dt><dd>{distance(report.first_frame_distance)}</dd>
        <dt>{t('videos.continuity.last')}</dt><dd>{distance(report.last_frame_distance)}</dd>
      </dl>
      {report.warnings.length === 0
        ? <Notice kind="success">{t('videos.continuity.ok')}</Notice>
        : report.warnings.map((warning) => <p key={warning} className="continuity-warning">{warning}</p>)}
    </>
  );
}

/** `characters/details/{video_id}?character_id=`: media info, the continuity report, which blocks use the clip, and its subtitles. */
export function VideoDetailsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { videoId, characterId } = useVideoRoute();
  const { data, error, isLoading } = useAdminVideoDetailsQuery({ base: apiBase, characterId, videoId }, { skip: !characterId || !videoId });
  const [probe, probing] = useAdminUpdateMediaInfoMutation();
  if (!characterId) return <Notice kind="error">{t('videos.noCharacter')}</Notice>;
  const facts = mediaFactsOf(data?.media_info);
  return (
    <>
      <CharacterNav characterId={characterId} />
      {isLoading && <Spinner label={t('characters.loading')} />}
      {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
      {data && (
        <>
          <div className="admin-head"><h2 className="admin-head__title">{data.video.title}</h2></div>
          <Card>
            <h2 className="section-title">{t('videos.mediaInfo')}</h2>
            <dl className="facts">
              <dt>ID</dt><dd>{data.video.id}</dd>
              <dt>{t('videos.path')}</dt><dd>{data.video.path}</dd>
              <dt>{t('videos.duration')}</dt><dd>{facts.duration}</dd>
              <dt>{t('videos.frame')}</dt><dd>{facts.frame}</dd>
              <dt>{t('videos.size')}</dt><dd>{facts.size}</dd>
              <dt>{t('videos.codecs')}</dt><dd>{facts.codecs}</dd>
              <dt>{t('videos.probedWith')}</dt><dd>{data.media_info?.probed_with ?? '—'}</dd>
            </dl>
            {probing.error && <Notice kind="error">{serverErrorOf(probing.error, t('characters.failed'))?.message}</Notice>}
            <button type="button" className="btn btn--ghost btn--small" disabled={probing.isLoading} onClick={() => void probe({ base: apiBase, characterId, videoId })}>{t('videos.probeAgain')}</button>
          </Card>
          <Card>
            <h2 className="section-title">{t('videos.continuity.title')}</h2>
            <Continuity report={data.continuity} />
          </Card>
          <Card>
            <h2 className="section-title">{t('videos.usedByTitle', { n: data.used_by.length })}</h2>
            {data.used_by.length === 0 ? <p className="muted">{t('videos.unused')}</p> : <ReferenceList characterId={characterId} references={data.used_by} />}
          </Card>
          <SubtitleEditor video={data.video} />
        </>
      )}
    </>
  );
}
