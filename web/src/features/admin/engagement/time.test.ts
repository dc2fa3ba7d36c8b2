import { describe, expect, it } from 'vitest';
import { dayEndIso, dayStartIso, isoOfJapanInput, japanInputOf, todayInJapan } from './time.ts';

describe('engagement admin time', () => {
  it('todayInJapan, late evening UTC, is already the next Japan day', () => {
    expect(todayInJapan(new Date('2026-03-01T16:30:00.000Z'))).toBe('2026-03-02');
  });

  it('isoOfJapanInput and japanInputOf, a Japan wall time, round-trip through UTC', () => {
    const iso = isoOfJapanInput('2026-03-01T09:15');

    expect(iso).toBe('2026-03-01T00:15:00.000Z');
    expect(japanInputOf(iso)).toBe('2026-03-01T09:15');
  });

  it('isoOfJapanInput, empty or malformed text, is null', () => {
    expect(isoOfJapanInput('')).toBeNull();
    expect(isoOfJapanInput('2026-03-01')).toBeNull();
    expect(japanInputOf(null)).toBe('');
  });

  it('dayStartIso and dayEndIso, one Japan day, cover it whole', () => {
    expect(dayStartIso('2026-03-01')).toBe('2026-02-28T15:00:00.000Z');
    expect(dayEndIso('2026-03-01')).toBe('2026-03-01T14:59:59.999Z');
    expect(dayStartIso('')).toBeNull();
  });
});
