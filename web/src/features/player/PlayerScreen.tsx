import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { playerApi } from './playerApi.ts';
import type { Entitle } from './StartPanel.tsx';
import { selectPlayer } from './playerSlice.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { PlayerBar } from './PlayerBar.tsx';
import { useLocalized } from '../../i18n/localized.ts';
import { coverPositionFor, focusOfImage, PORTRAIT_VISIBLE_SHARE } from './focus.ts';
import { posterUrl } from '../../app/shell.ts';
import { subtitleFileOf, subtitleLanguage } from './speechChoice.ts';
import { Subtitles } from './Subtitles.tsx';
import { useSubtitlePrefs } from './subtitlePrefs.ts';
import { usePlayerRunner, type DraftRun, type ShownClip } from './usePlayerRunner.ts';

type Playable = PlayableCharacter['character'];

/** The subtitle file of the clip on screen (its name is the video title without .mp4), Japanese where it has none in `language`. */
function subtitleUrlOf(playable: Playable, shown: ShownClip | null, language: string): string | null {
  const title = shown ? playable.dialogue.videos.find((v) => v.id === shown.videoId)?.title : undefined;
  return title ? subtitleFileOf(playable.media, title.replace(/\.mp4$/iu, ''), language) : null;
}

/**
 * The whole character for a talk paid with a ticket (the standby may run on a
 * preview): fetched with billing's use_token, kept for the subtitles of its
 * clips, and handed to the runner, which swaps it in before the engine starts.
 */
function useEntitle(playable: Playable, slug: string): { entitle: Entitle; whole: Playable } {
  const dispatch = useAppDispatch();
  const [fetched, setFetched] = useState<{ of: Playable; whole: Playable } | null>(null);
  const entitle = useCallback<Entitle>(
    async (ticketUseToken) => {
      const { data } = await dispatch(
        playerApi.endpoints.characterWithTicket.initiate(
          { slug, ticketUseToken },
          { subscribe: false, forceRefetch: true },
        ),
      );
      const whole = data?.character;
      // Still a preview (the ticket was not accepted) is as good as nothing: no talk can play on it.
      if (!whole || whole.id !== playable.id || whole.access === 'preview') return null;
      setFetched({ of: playable, whole });
      return { character: whole.dialogue, media: whole.media };
    },
    [dispatch, slug, playable],
  );
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
export function PlayerScreen({
  playable: served,
  slug,
  micTest = false,
  draft,
}: {
  playable: Playable;
  slug: string;
  micTest?: boolean;
  draft?: DraftRun & { embedded?: boolean };
}) {
  const { t, i18n } = useTranslation();
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const { runner, shown } = usePlayerRunner(served.dialogue, served.media, stage, draft);
  const { entitle, whole: playable } = useEntitle(served, slug);
  const { view } = useAppSelector(selectPlayer);
  const [subtitlePrefs, changeSubtitles] = useSubtitlePrefs();
  const name = useLocalized()(playable.name, playable.name_i18n);
  const { setting } = playable.dialogue;
  const subtitleUrl =
    view.ended || !subtitlePrefs.on
      ? null
      : subtitleUrlOf(playable, shown, subtitleLanguage(playable.media, i18n.language));
  const poster = posterOf(playable, slug);
  const { setPosterImage, focusStyle } = usePosterFocus();
  const classes = [
    'player',
    draft?.embedded ? 'player--embedded' : '',
    setting.landscape_mode ? 'player--landscape' : 'player--portrait',
    setting.hide_cursor ? 'player--hide-cursor' : '',
    view.ended ? 'player--ended' : '',
  ];

  // The first touch or key lets every clip play with sound from then on (browsers, iOS Safari above all, want a gesture).
  const prime = () => runner?.primeMedia();

  return (
    <div
      className={classes.join(' ').replace(/\s+/gu, ' ').trim()}
      style={focusStyle}
      data-testid="player"
      data-player-slug={slug}
      onPointerDown={prime}
      onKeyDown={prime}
    >
      <PlayerBar
        name={name}
        translated={name !== playable.name}
        runner={runner}
        view={view}
        preview={Boolean(draft)}
        subtitles={{ prefs: subtitlePrefs, change: changeSubtitles }}
      />
      <div className="player__stage">
        {poster && <img className="player__poster" src={poster} alt="" fetchPriority="high" ref={setPosterImage} />}
        <div className="player__videos" ref={setStage} />
        {view.ended && <div className="player__end-card" aria-hidden="true" />}
        {setting.landscape_mode && (
          <p className="player__rotate-hint" aria-hidden="true">
            {t('player.rotateHint')}
          </p>
        )}
      </div>
      <div className="player__bottom">
        {subtitlePrefs.on && <Subtitles url={subtitleUrl} video={shown?.element ?? null} size={subtitlePrefs.size} />}
        {runner && (
          <PlayerControls
            runner={runner}
            character={playable.dialogue}
            name={name}
            locked={playable.locked}
            micTest={micTest}
            access={served.access}
            entitle={entitle}
          />
        )}
      </div>
    </div>
  );
}

/** Runs `run` in a task after the next frame is painted; the returned function cancels it. */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The figure's place across the standby poster (focus.ts) as --player-focus-x:
 * on a portrait phone the clip is cropped to fill the screen around it. Read
 * here only when the page has no framing.css for this character (opened by a
 * route change in the app, or a draft). The poster element itself is only read.
 */
function usePosterFocus(): {
  setPosterImage: (image: HTMLImageElement | null) => void;
  focusStyle: CSSProperties | undefined;
} {
  const [image, setPosterImage] = useState<HTMLImageElement | null>(null);
  const [focus, setFocus] = useState<number | null>(null);
  useEffect(() => {
    if (!image) return undefined;
    const measure = () => setFocus(focusOfImage(image));
    // Read after the next paint: in the commit's task getComputedStyle forced a style pass over the new
    // player (on a mid-range phone tens of ms of the page's longest task); after it the style is computed.
    const cancel = afterNextPaint(() => {
      // The page's framing.css (the catalog's reading of the same poster) already placed it: the first paint's crop stays.
      if (getComputedStyle(image).getPropertyValue('--player-focus-x').trim()) return;
      if (image.complete && image.naturalWidth) measure();
      else image.addEventListener('load', measure, { once: true });
    });
    return () => {
      cancel();
      image.removeEventListener('load', measure);
    };
  }, [image]);
  const focusStyle =
    focus === null
      ? undefined
      : ({ '--player-focus-x': `${coverPositionFor(focus, PORTRAIT_VISIBLE_SHARE)}%` } as CSSProperties);
  return { setPosterImage, focusStyle };
}
