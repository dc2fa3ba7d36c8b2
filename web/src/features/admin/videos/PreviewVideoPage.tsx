import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { serverErrorOf } from '../characters/serverError.ts';
import { mediaFactsOf } from './mediaFacts.ts';
import { useAdminVideoPreviewQuery } from './videosApi.ts';
import { useVideoRoute } from './useVideoRoute.ts';
import './videos.css';

/** `characters/previewVideo/{video_id}?character_id=`: plays the clip with a subtitle track per language. */
export function PreviewVideoPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath, apiBase } = useAdminBase();
  const { videoId, characterId } = useVideoRoute();
  const { data, error, isLoading } = useAdminVideoPreviewQuery(
    { base: apiBase, characterId, videoId },
    { skip: !characterId || !videoId },
  );
  if (!characterId) return <Notice kind="error">{t('videos.noCharacter')}</Notice>;
  const languages = Object.entries(data?.subtitles ?? {});
  const facts = mediaFactsOf(data?.video.media_info);
  return (
    <>
      <CharacterNav characterId={characterId} />
      {isLoading && <Spinner label={t('characters.loading')} />}
      {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
      {data && (
        <div className="preview">
          <Card>
            <h2 className="section-title">{data.video.title}</h2>
            <video
              className="preview__video"
              src={data.url}
              poster={data.poster_url ?? undefined}
              controls
              playsInline
              preload="metadata"
              crossOrigin="anonymous"
            >
              {languages.map(([language, url], index) => (
                <track
                  key={language}
                  kind="subtitles"
                  srcLang={language}
                  label={language}
                  src={url}
                  default={index === 0}
                />
              ))}
            </video>
          </Card>
          <Card>
            <dl className="facts">
              <dt>ID</dt>
              <dd>{data.video.id}</dd>
              <dt>{t('videos.duration')}</dt>
              <dd>{facts.duration}</dd>
              <dt>{t('videos.frame')}</dt>
              <dd>{facts.frame}</dd>
              <dt>{t('videos.subtitles')}</dt>
              <dd>{languages.map(([language]) => language).join(', ') || t('videos.noSubtitles')}</dd>
            </dl>
            <Link
              to={`${basePath}/characters/details/${encodeURIComponent(videoId)}?character_id=${encodeURIComponent(characterId)}`}
            >
              {t('videos.detailsAndSubtitles')}
            </Link>
          </Card>
        </div>
      )}
    </>
  );
}
