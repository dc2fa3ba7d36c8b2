import { useCallback, useMemo, useState } from 'react';
import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';

/** The subtitles' text size: m (the default) is read at arm's length on a phone. */
export type SubtitleSize = 's' | 'm' | 'l';
export const SUBTITLE_SIZES: readonly SubtitleSize[] = ['s', 'm', 'l'];

export interface SubtitlePrefs {
  on: boolean;
  size: SubtitleSize;
}
export const DEFAULT_SUBTITLES: SubtitlePrefs = { on: true, size: 'm' };

/**
 * Where the choice is kept: identity's profile has no settings field, so it
 * stays in this browser, one entry per account (a visitor has their own).
 */
export const subtitlePrefsKey = (userId: string | null): string => `talkwith-subtitles:${userId ?? 'visitor'}`;

type Storage = Pick<globalThis.Storage, 'getItem'> | undefined;

/** The saved choice, or null when none (or junk) is saved. */
export function readSubtitlePrefs(key: string, storage: Storage = globalThis.localStorage): SubtitlePrefs | null {
  try {
    const saved = JSON.parse(storage?.getItem(key) ?? 'null') as Partial<SubtitlePrefs> | null;
    if (!saved || typeof saved !== 'object') return null;
    const size = SUBTITLE_SIZES.find((s) => s === saved.size) ?? DEFAULT_SUBTITLES.size;
    return { on: saved.on !== false, size };
  } catch {
    return null;
  }
}

/**
 * The user's subtitle choice and how to change it. A signed-in user who never
 * chose starts from what they chose as a visitor in this browser.
 */
export function useSubtitlePrefs(): [SubtitlePrefs, (change: Partial<SubtitlePrefs>) => void] {
  const userId = useAppSelector(selectUser)?.id ?? null;
  const key = subtitlePrefsKey(userId);
  const [changed, setChanged] = useState<{ key: string; prefs: SubtitlePrefs } | null>(null);
  const saved = useMemo(
    () => readSubtitlePrefs(key) ?? (userId ? readSubtitlePrefs(subtitlePrefsKey(null)) : null) ?? DEFAULT_SUBTITLES,
    [key, userId],
  );
  const prefs = changed?.key === key ? changed.prefs : saved;
  const change = useCallback(
    (change: Partial<SubtitlePrefs>) => {
      const next = { ...prefs, ...change };
      setChanged({ key, prefs: next });
      try {
        globalThis.localStorage?.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or refused (private mode): the choice holds for this visit.
      }
    },
    [key, prefs],
  );
  return [prefs, change];
}
