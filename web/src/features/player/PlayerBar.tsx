import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActionButton } from '@talkwith/proto/dialogue';
import { useLocalized } from '../../i18n/localized.ts';
import type { EffectRunner } from './effectRunner.ts';
import type { PlayerView } from './view.ts';
import { SubtitleSettings } from './SubtitleSettings.tsx';
import type { SubtitlePrefs } from './subtitlePrefs.ts';

/**
 * Whether the bar needs its own end button: not when the character already
 * shows an action button with the same label (the demo's 「おわる」), so the
 * screen never has two buttons that read the same.
 */
export function barStopShown(
  actionButtons: ActionButton[],
  stopLabel: string,
  labelOf: (button: ActionButton) => string = (button) => button.title,
): boolean {
  const label = stopLabel.trim();
  return !actionButtons.some((button) => labelOf(button).trim() === label);
}

/**
 * The bar over the player: back to the list, the name (in the interface language), the preview marker (an operator
 * playing the draft), pause / end while a talk runs, and the subtitles' settings.
 */
export function PlayerBar({
  name,
  translated = false,
  runner,
  view,
  preview = false,
  subtitles,
}: {
  name: string;
  /** The name is a translation: shown over a landscape clip too, whose corner may carry only the Japanese name. */
  translated?: boolean;
  runner: EffectRunner | null;
  view: PlayerView;
  preview?: boolean;
  subtitles?: { prefs: SubtitlePrefs; change: (change: Partial<SubtitlePrefs>) => void };
}) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const talking = runner && !view.ended && view.startButtons.length === 0;
  return (
    <header className="player__bar">
      <Link className="player__back" to="/full/select_chat" aria-label={t('player.chooseAnother')}>
        ‹
      </Link>
      <h1 className={translated ? 'player__name player__name--translated' : 'player__name'}>{name}</h1>
      {preview && (
        <span className="player__preview" data-testid="preview-marker">
          {t('player.preview')}
        </span>
      )}
      <span className="player__bar-tools">
        {talking && (
          <button
            type="button"
            className="player__chip"
            onClick={() => runner.send({ type: view.paused ? 'resume' : 'pause' })}
          >
            {view.paused ? t('player.resume') : t('player.pause')}
          </button>
        )}
        {talking &&
          barStopShown(view.actionButtons, t('player.stop'), (button) =>
            localized(button.title, button.title_i18n),
          ) && (
            <button type="button" className="player__chip" onClick={() => runner.send({ type: 'stop' })}>
              {t('player.stop')}
            </button>
          )}
        {subtitles && <SubtitleSettings prefs={subtitles.prefs} change={subtitles.change} />}
      </span>
    </header>
  );
}
