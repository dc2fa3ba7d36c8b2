import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { useAdminCharacterQuery } from '../characters/charactersApi.ts';
import { serverErrorOf } from '../characters/serverError.ts';
import { mediaFactsOf } from './mediaFacts.ts';
import { ContinuityView } from './ContinuityView.tsx';
import { ReferenceList } from './ReferenceList.tsx';
import { SubtitleEditor } from './SubtitleEditor.tsx';
import { useAdminUpdateMediaInfoMutation, useAdminVideoDetailsQuery, useAdminVideosQuery } from './videosApi.ts';
import { useVideoRoute } from './useVideoRoute.ts';
import './videos.css';

/** `characters/details/{video_id}?character_id=`: media info, the continuity report, which blocks use the clip, and its subtitles. */
export function VideoDetailsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { videoId, characterId } = useVideoRoute();
  const { data, error, isLoading } = useAdminVideoDetailsQuery(
    { base: apiBase, characterId, videoId },
    { skip: !characterId || !videoId },
  );
  const [probe, probing] = useAdminUpdateMediaInfoMutation();
  const character = useAdminCharacterQuery({ base: apiBase, id: characterId }, { skip: !characterId });
  const library = useAdminVideosQuery({ base: apiBase, characterId }, { skip: !characterId });
  const titleOf = (id: string) => library.data?.videos.find((v) => v.id === id)?.title;
  if (!characterId) return <Notice kind="error">{t('videos.noCharacter')}</Notice>;
  const facts = mediaFactsOf(data?.media_info);
  return (
    <>
      <CharacterNav characterId={characterId} />
      {isLoading && <Spinner label={t('characters.loading')} />}
      {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
      {data && (
        <>
          <div className="admin-head">
            <h2 className="admin-head__title">{data.video.title}</h2>
          </div>
          <Card>
            <h2 className="section-title">{t('videos.mediaInfo')}</h2>
            <dl className="facts">
              <dt>ID</dt>
              <dd>{data.video.id}</dd>
              <dt>{t('videos.path')}</dt>
              <dd>{data.video.path}</dd>
              <dt>{t('videos.duration')}</dt>
              <dd>{facts.duration}</dd>
              <dt>{t('videos.frame')}</dt>
              <dd>{facts.frame}</dd>
              <dt>{t('videos.size')}</dt>
              <dd>{facts.size}</dd>
              <dt>{t('videos.codecs')}</dt>
              <dd>{facts.codecs}</dd>
              <dt>{t('videos.probedWith')}</dt>
              <dd>{data.media_info?.probed_with ?? '—'}</dd>
            </dl>
            {probing.error && (
              <Notice kind="error">{serverErrorOf(probing.error, t('characters.failed'))?.message}</Notice>
            )}
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={probing.isLoading}
              onClick={() => void probe({ base: apiBase, characterId, videoId })}
            >
              {t('videos.probeAgain')}
            </button>
          </Card>
          <Card>
            <h2 className="section-title">{t('videos.continuity.title')}</h2>
            <ContinuityView
              report={data.continuity}
              currentStandby={character.data?.character.setting.standby_video_id}
              titleOf={titleOf}
            />
          </Card>
          <Card>
            <h2 className="section-title">{t('videos.usedByTitle', { n: data.used_by.length })}</h2>
            {data.used_by.length === 0 ? (
              <p className="muted">{t('videos.unused')}</p>
            ) : (
              <ReferenceList characterId={characterId} references={data.used_by} />
            )}
          </Card>
          <SubtitleEditor video={data.video} />
        </>
      )}
    </>
  );
}
