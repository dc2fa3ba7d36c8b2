import { Fragment, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VideoEntry, VideoReference } from '@talkwith/proto/catalog';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { confirmUnsaved } from '../useLeaveGuard.ts';
import { useRouteCharacter } from '../characters/CharacterDetailPage.tsx';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { serverErrorOf } from '../characters/serverError.ts';
import { continuityStateOf } from './continuityState.ts';
import { mediaFactsOf } from './mediaFacts.ts';
import { RecheckAll } from './RecheckAll.tsx';
import { ReferenceList } from './ReferenceList.tsx';
import { VideoEditForm } from './VideoEditForm.tsx';
import { SubtitleUpload } from './SubtitleUpload.tsx';
import { VideoUploader } from './VideoUploader.tsx';
import { useAdminDeleteVideoMutation, useAdminVideosQuery } from './videosApi.ts';

/** How often the library asks again while a re-check after a standby change runs. */
const STALE_POLL_MS = 3000;

function DeleteVideo({ video }: { video: VideoEntry }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading, error }] = useAdminDeleteVideoMutation();
  const refused = serverErrorOf(error, t('characters.failed'));
  if (refused) {
    return (
      <Notice kind="error">
        {refused.message}
        <ReferenceList characterId={video.character_id} references={refused.references as VideoReference[]} />
      </Notice>
    );
  }
  if (!confirming)
    return (
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(true)}>
        {t('videos.delete')}
      </button>
    );
  return (
    <span className="video-actions">
      <button
        type="button"
        className="btn btn--danger btn--small"
        disabled={isLoading}
        onClick={() => void remove({ base: apiBase, characterId: video.character_id, videoId: video.id })}
      >
        {t('videos.deleteConfirm')}
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(false)}>
        {t('characters.cancel')}
      </button>
    </span>
  );
}

function VideoRow({
  video,
  editing,
  onEdit,
  standby,
}: {
  video: VideoEntry;
  editing: boolean;
  onEdit: (open: boolean) => void;
  standby: string | null | undefined;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const facts = mediaFactsOf(video.media_info);
  const warnings = video.continuity?.warnings ?? [];
  const state = continuityStateOf(video.continuity, standby);
  const query = `?character_id=${encodeURIComponent(video.character_id)}`;
  return (
    <Fragment>
      <tr>
        <td>
          {video.poster_url ? (
            <img className="video-thumb" src={video.poster_url} alt="" loading="lazy" />
          ) : (
            <span className="video-thumb" aria-hidden="true" />
          )}
        </td>
        <td className="video-title-cell">
          <div className="video-title">{video.title}</div>
          <div className="muted small">
            {video.id}
            {video.loop ? ` · ${t('videos.field.loop')}` : ''}
            {video.play_end ? ` · ${t('videos.field.play_end')}` : ''}
          </div>
          {/* The row keeps one badge (the wording is on hover and on the details page) so the table stays scannable. */}
          {state === 'warn' && (
            <span className="badge badge--warn" title={warnings.join('\n')}>
              {t('videos.continuityBadge', { n: warnings.length })}
            </span>
          )}
          {state === 'stale' && <span className="badge">{t('videos.continuity.staleBadge')}</span>}
          {state === 'noStandby' && standby === null && (
            <span className="badge">{t('videos.continuity.noStandbyBadge')}</span>
          )}
        </td>
        <td data-label={t('videos.duration')} className="num">
          {facts.duration}
        </td>
        <td data-label={t('videos.frame')}>{facts.frame}</td>
        <td data-label={t('videos.size')} className="num">
          {facts.size}
        </td>
        <td data-label={t('videos.subtitles')}>{video.subtitle_languages.join(', ') || '—'}</td>
        <td>
          <div className="video-actions">
            <Link to={`${basePath}/characters/previewVideo/${encodeURIComponent(video.id)}${query}`}>
              {t('videos.preview')}
            </Link>
            <Link to={`${basePath}/characters/details/${encodeURIComponent(video.id)}${query}`}>
              {t('videos.details')}
            </Link>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => confirmUnsaved() && onEdit(!editing)}
            >
              {t('videos.edit')}
            </button>
            <DeleteVideo video={video} />
          </div>
        </td>
      </tr>
      {editing && (
        <tr className="video-edit">
          <td colSpan={7}>
            <VideoEditForm video={video} onDone={() => onEdit(false)} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** `characters/{id}/videos`: upload clips with progress, and the library with media info, continuity warnings, edit and delete. */
export function VideoLibraryPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { id, data: character } = useRouteCharacter();
  const standby = character?.character.setting.standby_video_id;
  const [stale, setStale] = useState(false);
  // After the standby clip changed the server re-checks in the background: the list follows until every report is current.
  const { data, error, isLoading } = useAdminVideosQuery(
    { base: apiBase, characterId: id },
    { skip: !id, pollingInterval: stale ? STALE_POLL_MS : 0 },
  );
  const anyStale = !!data?.videos.some((video) => continuityStateOf(video.continuity, standby) === 'stale');
  useEffect(() => setStale(anyStale), [anyStale]);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <>
      <CharacterNav characterId={id} name={character?.character.name} />
      <VideoUploader characterId={id} />
      {data && data.videos.length > 0 && <SubtitleUpload characterId={id} videos={data.videos} />}
      <Card>
        <h2 className="section-title">{t('videos.library', { n: data?.videos.length ?? 0 })}</h2>
        {data && data.videos.length > 0 && standby && <RecheckAll characterId={id} />}
        {isLoading && <Spinner label={t('characters.loading')} />}
        {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
        {data && data.videos.length === 0 && <p className="admin-empty">{t('videos.none')}</p>}
        {data && data.videos.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th />
                <th>{t('videos.field.title')}</th>
                <th className="num">{t('videos.duration')}</th>
                <th>{t('videos.frame')}</th>
                <th className="num">{t('videos.size')}</th>
                <th>{t('videos.subtitles')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.videos.map((video) => (
                <VideoRow
                  key={video.id}
                  video={video}
                  standby={standby}
                  editing={editing === video.id}
                  onEdit={(open) => setEditing(open ? video.id : null)}
                />
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
