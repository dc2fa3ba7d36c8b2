import { describe, expect, it } from 'vitest';
import { japanDayOf, japanRange } from './calendar.ts';

describe('serial calendar', () => {
  it('japanDayOf, 15:00 UTC, is already the next day in Japan', () => {
    expect(japanDayOf(new Date('2025-03-31T15:00:00Z'))).toBe('2025-04-01');
    expect(japanDayOf('2025-03-31T14:59:59.999Z')).toBe('2025-03-31');
  });

  it('japanRange, no start and no end, runs from the beginning to the end of today in Japan', () => {
    const range = japanRange(undefined, undefined, new Date('2025-06-10T20:00:00Z'));
    expect(range).toEqual({ start: null, end: '2025-06-11', from: null, until: '2025-06-11T15:00:00.000Z' });
  });

  it('japanRange, empty strings as the client sends them, means the same defaults', () => {
    const range = japanRange('', '', new Date('2025-06-10T00:00:00Z'));
    expect(range.start).toBeNull();
    expect(range.end).toBe('2025-06-10');
  });

  it('japanRange, one day, covers its 24 Japan hours', () => {
    expect(japanRange('2025-01-05', '2025-01-05')).toMatchObject({
      from: '2025-01-04T15:00:00.000Z',
      until: '2025-01-05T15:00:00.000Z',
    });
  });

  it('japanRange, end before start, answers 400', () => {
    expect(() => japanRange('2025-01-06', '2025-01-05')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', status: 400 }),
    );
  });

  it('japanRange, a date that does not exist, answers 400 instead of failing', () => {
    expect(() => japanRange('2025-02-30', '2025-03-01')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'start' }),
    );
  });
});
