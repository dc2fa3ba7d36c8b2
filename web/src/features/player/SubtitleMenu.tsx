import { useTranslation } from 'react-i18next';
import type { SubtitlePrefs, SubtitleSize } from './subtitlePrefs.ts';

// Spelled out rather than imported: a value from subtitlePrefs.ts would split it into a chunk of its own.
const SIZES = ['s', 'm', 'l'] as const satisfies readonly SubtitleSize[];

export interface SubtitleMenuProps {
  prefs: SubtitlePrefs;
  change: (change: Partial<SubtitlePrefs>) => void;
}

/**
 * The subtitles' on/off and size: the menu of the bar's 「字幕」 disclosure (PlayerBar), loaded when first opened;
 * PlayerScreen remembers the choice (subtitlePrefs.ts).
 */
export default function SubtitleMenu({ prefs, change }: SubtitleMenuProps) {
  const { t } = useTranslation();
  return (
    <div className="player__cc-menu">
      <label className="player__cc-row">
        <input type="checkbox" checked={prefs.on} onChange={(event) => change({ on: event.target.checked })} />
        {t('player.subtitles.show')}
      </label>
      <fieldset className="player__cc-sizes" disabled={!prefs.on}>
        <legend>{t('player.subtitles.size')}</legend>
        {SIZES.map((size) => (
          <label key={size} className="player__cc-size">
            <input
              type="radio"
              name="player-subtitle-size"
              checked={prefs.size === size}
              onChange={() => change({ size })}
            />
            {t(`player.subtitles.sizes.${size}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
