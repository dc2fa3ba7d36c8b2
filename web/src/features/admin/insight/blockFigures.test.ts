import { describe, expect, it } from 'vitest';
import { durationParts, percent, sortFigures, viaParts } from './blockFigures.ts';
import { figures, via } from './testing.ts';

describe('blockFigures', () => {
  it('sortFigures, by median time descending, puts the longest first and blocks without a median last', () => {
    const rows = [
      figures('a', { median_ms: 1000 }),
      figures('b', { median_ms: null }),
      figures('c', { median_ms: 9000 }),
    ];

    expect(sortFigures(rows, { key: 'median', descending: true }).map((r) => r.block_id)).toEqual(['c', 'a', 'b']);
    expect(sortFigures(rows, { key: 'median', descending: false }).map((r) => r.block_id)).toEqual(['a', 'c', 'b']);
  });

  it('sortFigures, by drop-off with equal counts, puts the higher rate first', () => {
    const rows = [
      figures('many', { entries: 100, dropped: 5 }),
      figures('few', { entries: 10, dropped: 5 }),
      figures('none', { entries: 10 }),
    ];

    expect(sortFigures(rows, { key: 'dropped', descending: true }).map((r) => r.block_id)).toEqual([
      'few',
      'many',
      'none',
    ]);
  });

  it('viaParts, counts with zeros, keeps only what happened in bar order', () => {
    expect(viaParts(via({ invalid: 2, hitWord: 3 }))).toEqual([
      { via: 'hitWord', count: 3 },
      { via: 'invalid', count: 2 },
    ]);
  });

  it('durationParts and percent, a few values, read as people say them', () => {
    expect(durationParts(8_400)).toEqual({ minutes: 0, seconds: '8.4' });
    expect(durationParts(125_000)).toEqual({ minutes: 2, seconds: '05' });
    expect(percent(0.755)).toBe('76');
    expect(percent(0.042)).toBe('4.2');
  });
});
