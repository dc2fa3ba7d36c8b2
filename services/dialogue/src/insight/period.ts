import { insightErrors } from '../errors.ts';

const japanDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 24 * 60 * 60 * 1000;
/** A week: the default period and the coverage window, today included. */
export const WEEK_DAYS = 7;
const MAX_DAYS = 366;

/** Japan calendar days `from`..`to` (both included) and the stored instants they cover: `since` ≤ at < `until`. */
export interface Period {
  from: string;
  to: string;
  since: string;
  until: string;
}

/** The Japan calendar date of an instant, `YYYY-MM-DD` (en-CA formats dates that way). */
export const japanDayOf = (at: Date): string => japanDate.format(at);

/** The first instant of a Japan day; 400 for a date that does not exist (2025-02-30). */
function startOfJapanDay(day: string, field: string): Date {
  const start = new Date(`${day}T00:00:00+09:00`);
  if (Number.isNaN(start.getTime()) || japanDayOf(start) !== day) {
    throw insightErrors.badDate(field);
  }
  return start;
}

const daysBefore = (day: Date, days: number): string => japanDayOf(new Date(day.getTime() - days * DAY_MS));

/** The asked period: `to` defaults to today, `from` to a week ending on `to`; at most 366 days, `from` ≤ `to`. */
export function periodOf(query: { from?: string; to?: string }, now = new Date()): Period {
  const to = query.to ?? japanDayOf(now);
  const end = new Date(startOfJapanDay(to, 'to').getTime() + DAY_MS);
  const from = query.from ?? daysBefore(startOfJapanDay(to, 'to'), WEEK_DAYS - 1);
  const start = startOfJapanDay(from, 'from');
  if (start >= end) throw insightErrors.rangeOrder();
  if (end.getTime() - start.getTime() > MAX_DAYS * DAY_MS) throw insightErrors.rangeTooLong();
  return { from, to, since: start.toISOString(), until: end.toISOString() };
}

/** The last week, today included (the coverage window). */
export const lastWeek = (now = new Date()): Period => periodOf({}, now);

/** The store filter of a period on `at`. */
export const inPeriod = (period: Period) => ({ at: { $gte: period.since, $lt: period.until } });
