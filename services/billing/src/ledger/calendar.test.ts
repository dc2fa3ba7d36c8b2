import { describe, expect, it } from 'vitest';
import { addCalendarMonths, expiryOf, japanDayOf } from './calendar.ts';

describe('ledger calendar', () => {
  it('addCalendarMonths, Jan 31 in Japan plus one month, ends on the last day of February', () => {
    expect(addCalendarMonths(new Date('2026-01-31T01:00:00+09:00'), 1).toISOString()).toBe(
      new Date('2026-02-28T01:00:00+09:00').toISOString(),
    );
    expect(addCalendarMonths(new Date('2028-01-31T01:00:00+09:00'), 1).toISOString()).toBe(
      new Date('2028-02-29T01:00:00+09:00').toISOString(),
    );
  });

  it('addCalendarMonths, a Japan date that is still the previous day in UTC, counts on the Japanese calendar', () => {
    // 2026-03-31 08:00 JST is 2026-03-30 23:00 UTC: one month on is April 30 in Japan, not April 30 UTC + 9 h.
    expect(addCalendarMonths(new Date('2026-03-31T08:00:00+09:00'), 1).toISOString()).toBe(
      new Date('2026-04-30T08:00:00+09:00').toISOString(),
    );
  });

  it('addCalendarMonths, six months across a year end, keeps the day and time', () => {
    expect(addCalendarMonths(new Date('2026-08-15T12:34:56.789+09:00'), 6).toISOString()).toBe(
      new Date('2027-02-15T12:34:56.789+09:00').toISOString(),
    );
  });

  it('expiryOf, a stated deadline before the term, takes the deadline; after it, the term', () => {
    const granted = new Date('2026-01-01T00:00:00Z');
    expect(expiryOf(granted, 3, '2026-02-01T00:00:00Z')).toBe('2026-02-01T00:00:00.000Z');
    expect(expiryOf(granted, 3, '2027-01-01T00:00:00Z')).toBe('2026-04-01T00:00:00.000Z');
    expect(expiryOf(granted, 3)).toBe('2026-04-01T00:00:00.000Z');
  });

  it('japanDayOf, 23:59 and 00:00 in Japan, are two different days', () => {
    expect(japanDayOf(new Date('2026-05-02T14:59:00Z'))).toBe('2026-05-02');
    expect(japanDayOf(new Date('2026-05-02T15:00:00Z'))).toBe('2026-05-03');
  });
});
