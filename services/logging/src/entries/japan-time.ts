/** Japan has no daylight saving time: JST is always UTC+9. */
const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Japan day ('YYYY-MM-DD') of an instant. */
export function japanDay(at: string | number | Date): string {
  return new Date(new Date(at).getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm:ss' in Japan time (the export's time column). */
export function japanDateTime(at: string | Date): string {
  return new Date(new Date(at).getTime() + JST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant a Japan day starts (00:00 JST), as milliseconds. */
export function japanDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00+09:00`);
}

/** The Japan day `count` days after (or before, when negative) `day`. */
export function addDays(day: string, count: number): string {
  return japanDay(japanDayStart(day) + count * DAY_MS);
}

export const MS_PER_DAY = DAY_MS;
