import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { useAppSelector } from '../../app/hooks.ts';
import { selectPlayer } from './playerSlice.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { Subtitles } from './Subtitles.tsx';
import { usePlayerRunner } from './usePlayerRunner.ts';

type Playable = PlayableCharacter['character'];

/** Subtitles follow the interface language when the character has them in it (en-US), else ja-JP. */
function subtitleLanguage(media: Playable['media'], uiLanguage: string): string {
  return uiLanguage === 'en-US' && media.subtitles['en-US'] ? 'en-US' : 'ja-JP';
}

/** The player screen: two stacked videos (A/B), subtitles, and the controls. */
export function PlayerScreen({ playable }: { playable: Playable }) {
  const { t, i18n } = useTranslation();
  const [videoA, setVideoA] = useState<HTMLVideoElement | null>(null);
  const [videoB, setVideoB] = useState<HTMLVideoElement | null>(null);
  const runner = usePlayerRunner(playable.dialogue, playable.media, { A: videoA, B: videoB });
  const { view } = useAppSelector(selectPlayer);
  const { setting } = playable.dialogue;
  const language = subtitleLanguage(playable.media, i18n.language);
  const subtitleUrl = view.subtitle ? (playable.media.subtitles[language]?.[view.subtitle] ?? null) : null;
  const classes = ['player', setting.landscape_mode ? 'player--landscape' : 'player--portrait', setting.hide_cursor ? 'player--hide-cursor' : ''];

  // Browsers refuse sound before the first gesture (the standby loop then plays muted); a touch or key press lifts that.
  const allowSound = () => {
    for (const video of [videoA, videoB]) if (video) video.muted = false;
  };

  return (
    <div className={classes.join(' ').trim()} data-testid="player" onPointerDown={allowSound} onKeyDown={allowSound}>
      <header className="player__bar">
        <Link className="player__back" to="/full/select_chat" aria-label={t('player.chooseAnother')}>‹</Link>
        <span className="player__name">{playable.name}</span>
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
        {(['A', 'B'] as const).map((slot) => (
          <video
            key={slot}
            ref={slot === 'A' ? setVideoA : setVideoB}
            className={`player__video${view.activeSlot === slot ? ' player__video--active' : ''}`}
            data-slot={slot}
            playsInline
            preload="auto"
            poster={playable.avatar_url ?? undefined}
          />
        ))}
      </div>
      <div className="player__bottom">
        <Subtitles url={subtitleUrl} video={view.activeSlot === 'A' ? videoA : videoB} />
        {runner && <PlayerControls runner={runner} character={playable.dialogue} />}
      </div>
    </div>
  );
}
