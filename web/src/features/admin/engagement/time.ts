/**
 * Operators enter dates and times in Japan time (services/engagement/API.md:
 * date-range filters are Japan calendar dates), whatever their browser's zone.
 */

const JAPAN = 'Asia/Tokyo';
const JST_OFFSET = '+09:00';

/** Today's calendar date in Japan, YYYY-MM-DD. */
export function todayInJapan(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: JAPAN,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A `datetime-local` value (YYYY-MM-DDTHH:mm, Japan time) as an ISO instant; null when empty or not a time. */
export function isoOfJapanInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}:00${JST_OFFSET}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** An ISO instant as a `datetime-local` value in Japan time; '' for none. */
export function japanInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: JAPAN,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The first instant of a Japan calendar date (YYYY-MM-DD), ISO; null when empty. */
export const dayStartIso = (date: string): string | null =>
  date ? new Date(`${date}T00:00:00${JST_OFFSET}`).toISOString() : null;

/** The last instant of a Japan calendar date, ISO (a "valid until" day includes the whole day); null when empty. */
export const dayEndIso = (date: string): string | null =>
  date ? new Date(`${date}T23:59:59.999${JST_OFFSET}`).toISOString() : null;

/** An ISO instant shown in Japan time, e.g. 2026/03/01 10:00; '—' for none. */
export function japanTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(language, {
    timeZone: JAPAN,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}
