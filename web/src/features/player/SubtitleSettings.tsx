import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubtitleMenuProps } from './SubtitleMenu.tsx';

// The menu is loaded when first opened: the chat route's first paint carries only the button.
const SubtitleMenu = lazy(() => import('./SubtitleMenu.tsx'));

/** The subtitles' settings in the bar: a native disclosure (opens and closes without script of its own) over its menu. */
export function SubtitleSettings(props: SubtitleMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <details className="player__cc" onToggle={(event) => setOpened(opened || event.currentTarget.open)}>
      <summary className="player__chip" aria-label={t('player.subtitles.settings')}>
        {t('player.subtitles.short')}
      </summary>
      {opened && (
        <Suspense fallback={null}>
          <SubtitleMenu {...props} />
        </Suspense>
      )}
    </details>
  );
}
