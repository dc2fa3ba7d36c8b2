import { serialErrors } from '../errors.ts';

const japanDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Japan calendar date of an instant, `YYYY-MM-DD` (en-CA formats dates that way). */
export function japanDayOf(at: Date | string): string {
  return japanDate.format(typeof at === 'string' ? new Date(at) : at);
}

/** The first instant of a Japan calendar date, as stored (UTC ISO); 400 for a date that does not exist (2025-02-30). */
function startOfJapanDay(day: string, field: string): Date {
  const start = new Date(`${day}T00:00:00+09:00`);
  if (Number.isNaN(start.getTime()) || japanDayOf(start) !== day) {
    throw serialErrors.badDay(field);
  }
  return start;
}

/** A date-range filter (SPEC.md §5): `end` defaults to today, `start` to none (since the beginning). */
export interface JapanRange {
  start: string | null;
  end: string;
  /** Stored instants in the range: `from` ≤ t < `until`. */
  from: string | null;
  until: string;
}

export function japanRange(start: string | null | undefined, end: string | undefined, now = new Date()): JapanRange {
  const startDay = start ? start : null;
  const endDay = end ? end : japanDayOf(now);
  const from = startDay ? startOfJapanDay(startDay, 'start').toISOString() : null;
  const until = new Date(startOfJapanDay(endDay, 'end').getTime() + DAY_MS).toISOString();
  if (from && from >= until) throw serialErrors.rangeOrder();
  return { start: startDay, end: endDay, from, until };
}

/** The store filter of a range on one field. */
export function rangeFilter(field: string, range: JapanRange): Record<string, unknown> {
  return { [field]: { ...(range.from ? { $gte: range.from } : {}), $lt: range.until } };
}
