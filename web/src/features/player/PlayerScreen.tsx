import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { playerApi } from './playerApi.ts';
import type { Entitle } from './StartPanel.tsx';
import { selectPlayer } from './playerSlice.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { posterUrl } from '../../app/shell.ts';
import { subtitleLanguage } from './speechChoice.ts';
import { Subtitles } from './Subtitles.tsx';
import { usePlayerRunner, type DraftRun, type ShownClip } from './usePlayerRunner.ts';

type Playable = PlayableCharacter['character'];

/** The subtitle file of the clip on screen (its name is the video title without .mp4). */
function subtitleUrlOf(playable: Playable, shown: ShownClip | null, language: string): string | null {
  const title = shown ? playable.dialogue.videos.find((v) => v.id === shown.videoId)?.title : undefined;
  return title ? (playable.media.subtitles[language]?.[title.replace(/\.mp4$/iu, '')] ?? null) : null;
}

/**
 * The whole character for a talk paid with a ticket (the standby may run on a
 * preview): fetched with billing's use_token, kept for the subtitles of its
 * clips, and handed to the runner, which swaps it in before the engine starts.
 */
function useEntitle(playable: Playable, slug: string): { entitle: Entitle; whole: Playable } {
  const dispatch = useAppDispatch();
  const [fetched, setFetched] = useState<{ of: Playable; whole: Playable } | null>(null);
  const entitle = useCallback<Entitle>(async (ticketUseToken) => {
    const { data } = await dispatch(playerApi.endpoints.characterWithTicket.initiate({ slug, ticketUseToken }, { subscribe: false, forceRefetch: true }));
    const whole = data?.character;
    // Still a preview (the ticket was not accepted) is as good as nothing: no talk can play on it.
    if (!whole || whole.id !== playable.id || whole.access === 'preview') return null;
    setFetched({ of: playable, whole });
    return { character: whole.dialogue, media: whole.media };
  }, [dispatch, slug, playable]);
  return { entitle, whole: fetched?.of === playable ? fetched.whole : playable };
}

/** The standby poster: the catalog's redirect for a published character; a draft's own (it may have no public one). */
function posterOf(playable: Playable, slug: string): string {
  if (playable.access !== 'draft') return posterUrl(slug);
  const standby = playable.dialogue.setting.standby_video_id;
  return (standby ? playable.media.posters[standby] : undefined) ?? playable.avatar_url ?? '';
}

/**
 * The player screen: the video stage (a pool of <video> elements the stage
 * fills itself, over the standby clip's poster), subtitles, and the controls.
 * With `draft`, an operator's try of the draft (the 「プレビュー」 marker; `embedded`: inside the console's simulator).
 */
export function PlayerScreen({ playable: served, slug, micTest = false, draft }: { playable: Playable; slug: string; micTest?: boolean; draft?: DraftRun & { embedded?: boolean } }) {
  const { t, i18n } = useTranslation();
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const { runner, shown } = usePlayerRunner(served.dialogue, served.media, stage, draft);
  const { entitle, whole: playable } = useEntitle(served, slug);
  const { view } = useAppSelector(selectPlayer);
  const { setting } = playable.dialogue;
  const subtitleUrl = view.ended ? null : subtitleUrlOf(playable, shown, subtitleLanguage(playable.media, i18n.language));
  const poster = posterOf(playable, slug);
  const classes = ['player', draft?.embedded ? 'player--embedded' : '', setting.landscape_mode ? 'player--landscape' : 'player--portrait', setting.hide_cursor ? 'player--hide-cursor' : '', view.ended ? 'player--ended' : ''];

  // The first touch or key lets every clip play with sound from then on (browsers, iOS Safari above all, want a gesture).
  const prime = () => runner?.primeMedia();

  return (
    <div className={classes.join(' ').replace(/\s+/gu, ' ').trim()} data-testid="player" onPointerDown={prime} onKeyDown={prime}>
      <header className="player__bar">
        <Link className="player__back" to="/full/select_chat" aria-label={t('player.chooseAnother')}>‹</Link>
        <h1 className="player__name">{playable.name}</h1>
        {draft && <span className="player__preview" data-testid="preview-marker">{t('player.preview')}</span>}
        {runner && !view.ended && view.startButtons.length === 0 && (
          <span className="player__bar-tools">
            <button type="button" className="player__chip" onClick={() => runner.send({ type: view.paused ? 'resume' : 'pause' })}>
              {view.paused ? t('player.resume') : t('player.pause')}
            </button>
            <button type="button" className="player__chip" onClick={() => runner.send({ type: 'stop' })}>{t('player.stop')}</button>
          </span>
        )}
      </header>
      <div className="player__stage">
        {poster && <img className="player__poster" src={poster} alt="" fetchPriority="high" />}
        <div className="player__videos" ref={setStage} />
        {view.ended && <div className="player__end-card" aria-hidden="true" />}
      </div>
      <div className="player__bottom">
        <Subtitles url={subtitleUrl} video={shown?.element ?? null} />
        {runner && <PlayerControls runner={runner} character={playable.dialogue} locked={playable.locked} micTest={micTest} access={served.access} entitle={entitle} />}
      </div>
    </div>
  );
}
