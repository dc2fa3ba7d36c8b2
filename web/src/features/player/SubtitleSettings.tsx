import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../../app/useDismiss.ts';
import type { SubtitleMenuProps } from './SubtitleMenu.tsx';

// The menu is loaded when first opened: the chat route's first paint carries only the button.
const SubtitleMenu = lazy(() => import('./SubtitleMenu.tsx'));

/**
 * The subtitles' settings in the bar: a native disclosure over its menu, which closes as the shell's menus do
 * (useDismiss): on a tap or click outside it and on Escape, focus back on its button.
 */
export function SubtitleSettings(props: SubtitleMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useCallback(() => details.current?.querySelector('summary') ?? null, []);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, details, summary, close, { outside: true });
  return (
    <details
      ref={details}
      className="player__cc"
      open={open}
      // A toggle the page did not make (find in page opening it) still shows the menu.
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      <summary
        className="player__chip"
        aria-label={t('player.subtitles.settings')}
        // The state, not the element, opens it: the browser's toggle event comes a task later, and an Escape
        // pressed in between would find the menu still closed to useDismiss.
        onClick={(event) => {
          event.preventDefault();
          setOpen(!open);
          setOpened(true);
        }}
      >
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
