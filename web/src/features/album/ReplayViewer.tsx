import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { Notice } from '../../app/ui.tsx';
import { replayOf } from './albumModel.ts';
import { useLocalized } from '../../i18n/localized.ts';

/** A subtitle file on another origin (the CDN) needs a CORS request for the browser to read it. */
function crossOrigin(url: string | null): 'anonymous' | undefined {
  if (!url || typeof window === 'undefined') return undefined;
  return new URL(url, window.location.href).origin === window.location.origin ? undefined : 'anonymous';
}

/**
 * Replays the trigger video of the block named in ?block= (opened with
 * ?album=true: nothing is logged, SPEC.md §7), with the browser's own
 * subtitle display. Only found blocks are offered; any other id shows nothing.
 */
export function ReplayViewer({
  character,
  foundIds,
}: {
  character: PlayableCharacter['character'];
  foundIds: ReadonlySet<string>;
}) {
  const { t, i18n } = useTranslation('album');
  const localized = useLocalized();
  const [params, setParams] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  const blockId = params.get('block');
  const replay = blockId && foundIds.has(blockId) ? replayOf(character, blockId, i18n.language) : null;

  const shownId = replay?.block.id;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);
  if (!replay) return null;
  const close = () => setParams({}, { replace: true });
  const title = localized(replay.block.title, replay.block.title_i18n);

  return (
    <section className="album-viewer" aria-labelledby="album-viewer-title">
      <div className="album-viewer__head">
        <h2 id="album-viewer-title" className="album-viewer__title" tabIndex={-1} ref={heading}>
          {t('album.viewerTitle', { title })}
        </h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={close}>
          {t('album.closeViewer')}
        </button>
      </div>
      {replay.videoUrl ? (
        <video
          key={replay.videoUrl}
          className="album-viewer__video"
          src={replay.videoUrl}
          controls
          autoPlay
          playsInline
          preload="auto"
          crossOrigin={crossOrigin(replay.subtitlesUrl)}
          aria-label={title}
        >
          {replay.subtitlesUrl && (
            <track
              kind="subtitles"
              src={replay.subtitlesUrl}
              srcLang={replay.subtitlesLanguage}
              label={t('album.subtitles')}
              default
            />
          )}
        </video>
      ) : (
        <Notice kind="info">{t('album.noVideo')}</Notice>
      )}
    </section>
  );
}
