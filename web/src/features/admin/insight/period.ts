import { todayInJapan } from '../engagement/time.ts';

/**
 * The insight period: Japan calendar days `from`..`to`, both included
 * (services/dialogue/API.md § Insight). It lives in the address (?from&to) so
 * a view can be shared; absent or malformed, it is the last 7 days.
 */
export interface Period {
  from: string;
  to: string;
}

export const QUICK_DAYS = [7, 30, 90] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A Japan day moved by `days` (calendar arithmetic on the date alone, so no time zone enters). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `days` Japan days ending today. */
export function lastDays(days: number, now: Date = new Date()): Period {
  const to = todayInJapan(now);
  return { from: shiftDay(to, -(days - 1)), to };
}

/** How many days the period spans (both ends included). */
export const daysOf = ({ from, to }: Period): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The period the address names, or the last 7 days when it names none (or an impossible one: from after to). */
export function periodOfParams(params: URLSearchParams, now: Date = new Date()): Period {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to) && from <= to) return { from, to };
  return lastDays(7, now);
}
