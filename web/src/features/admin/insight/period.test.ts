import { describe, expect, it } from 'vitest';
import { daysOf, lastDays, periodOfParams, shiftDay } from './period.ts';

// 2026-03-07 23:30 in Japan is still 2026-03-07 14:30 UTC: the Japan day decides.
const LATE_EVENING_IN_JAPAN = new Date('2026-03-07T14:30:00Z');
const JUST_AFTER_MIDNIGHT_IN_JAPAN = new Date('2026-03-07T15:10:00Z');

describe('period', () => {
  it('lastDays, 7 days late in the Japan evening, ends on that Japan day and starts six days before', () => {
    expect(lastDays(7, LATE_EVENING_IN_JAPAN)).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });

  it('lastDays, just after midnight in Japan (still the day before in UTC), ends on the new Japan day', () => {
    expect(lastDays(30, JUST_AFTER_MIDNIGHT_IN_JAPAN)).toEqual({ from: '2026-02-07', to: '2026-03-08' });
  });

  it('shiftDay, across a month and a leap day, counts calendar days', () => {
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('periodOfParams, a valid from and to, keeps them; missing or reversed, the last 7 days', () => {
    expect(periodOfParams(new URLSearchParams('from=2026-01-01&to=2026-01-31'), LATE_EVENING_IN_JAPAN)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(periodOfParams(new URLSearchParams('from=2026-02-01&to=2026-01-31'), LATE_EVENING_IN_JAPAN)).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
    });
    expect(periodOfParams(new URLSearchParams('from=x'), LATE_EVENING_IN_JAPAN)).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
    });
  });

  it('daysOf, a period, counts both ends', () => {
    expect(daysOf({ from: '2026-03-01', to: '2026-03-07' })).toBe(7);
  });
});
