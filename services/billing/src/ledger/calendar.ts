/** Japan has no daylight saving: its calendar is UTC shifted by nine hours. */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * `months` calendar months after `from` on the Japanese calendar, clamped to
 * the end of a shorter month (Jan 31 + 1 month = Feb 28, or 29 in a leap year).
 */
export function addCalendarMonths(from: Date, months: number): Date {
  const local = new Date(from.getTime() + JST_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const shifted = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - JST_OFFSET_MS);
}

/** The Japanese calendar date of an instant, `YYYY-MM-DD` (the login bonus is once per such day). */
export function japanDayOf(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The expiry of a grant: `months` after it, or the stated deadline when that comes first. */
export function expiryOf(grantedAt: Date, months: number, statedDeadline?: string): string {
  const byTerm = addCalendarMonths(grantedAt, months);
  if (statedDeadline && new Date(statedDeadline).getTime() < byTerm.getTime())
    return new Date(statedDeadline).toISOString();
  return byTerm.toISOString();
}
