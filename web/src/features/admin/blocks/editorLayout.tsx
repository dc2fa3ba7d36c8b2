import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';

/**
 * The editor fills the window below what sits above it (the character's tabs,
 * the toolbar, the fault list, which vary in height), so the canvas is as tall
 * as the screen allows, and follows a resize.
 */
export function useFillHeight<T extends HTMLElement>(minimum = 360, bottomGap = 12) {
  const ref = useRef<T | null>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(minimum, Math.round(window.innerHeight - top - bottomGap + window.scrollY)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (ref.current?.parentElement) observer?.observe(ref.current.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [minimum, bottomGap]);
  return { ref, height };
}

const PANEL_MIN = 300;
const PANEL_MAX = 760;
const PANEL_KEY = 'talkwith.blocks.panelWidth';
const storedWidth = () => {
  const saved = Number(globalThis.localStorage?.getItem(PANEL_KEY));
  return saved >= PANEL_MIN && saved <= PANEL_MAX ? saved : 380;
};

/** The side panel's width, set by dragging (or arrow keys on) the handle between canvas and panel; remembered in this browser. */
export function usePanelWidth() {
  const [width, setWidth] = useState(storedWidth);
  const set = useCallback((next: number) => {
    const bounded = Math.min(PANEL_MAX, Math.max(PANEL_MIN, Math.round(next)));
    setWidth(bounded);
    globalThis.localStorage?.setItem(PANEL_KEY, String(bounded));
  }, []);
  return [width, set] as const;
}

export function PanelResizer({ width, onResize }: { width: number; onResize: (width: number) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const start = useRef<{ x: number; width: number } | null>(null);
  const down = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, width };
  };
  // The panel is on the right: dragging the handle left widens it.
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current) onResize(start.current.width + start.current.x - e.clientX);
  };
  const up = () => {
    start.current = null;
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft') onResize(width + 20);
    if (e.key === 'ArrowRight') onResize(width - 20);
  };
  return (
    <div
      className="bg-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('blocks.resizePanel')}
      aria-valuenow={width}
      aria-valuemin={PANEL_MIN}
      aria-valuemax={PANEL_MAX}
      tabIndex={0}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onKeyDown={key}
    />
  );
}
