import type { ContinuityReport } from '@talkwith/proto/catalog';

/**
 * What a continuity report tells now. Only a report made against the
 * character's current standby clip may say all is well: one made before any
 * standby was chosen compared nothing, and one made against another standby
 * clip is out of date (the server re-checks after a change; until it has, or
 * if it could not, the console says so instead of a green all-clear).
 */
export type ContinuityState = 'notChecked' | 'noStandby' | 'stale' | 'ok' | 'warn';

export function continuityStateOf(
  report: ContinuityReport | null,
  currentStandby: string | null | undefined,
): ContinuityState {
  if (!report) return 'notChecked';
  if (currentStandby !== undefined && report.standby_video_id !== currentStandby)
    return currentStandby === null ? 'noStandby' : 'stale';
  if (report.standby_video_id === null) return 'noStandby';
  return report.warnings.length === 0 ? 'ok' : 'warn';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago the check ran, in the reader's language ("3 分前", "2 hours ago"); the exact time is given in JST beside it. */
export function ageOf(iso: string, language: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return format.format(0, 'minute');
}

/** The exact time of the check in Japan time (the console's one time zone). */
export function japanTimeOf(iso: string): string {
  return `${new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))} JST`;
}
