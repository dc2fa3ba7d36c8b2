import { describe, expect, it } from 'vitest';
import { ABANDONED_MS, computeFigures, endingOf, median, type StepRow } from './figures.ts';

const NOW = new Date('2025-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const step = (block_id: string, at: string, talk_id: string | null = 't1'): StepRow => ({
  block_id,
  via: 'hitWord',
  talk_id,
  at,
});

describe('median', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[9, 1, 5], 5],
    [[4, 1, 3, 2], 2.5],
  ])('median, of %j, is %s', (values, expected) => {
    expect(median(values as number[])).toBe(expected);
  });
});

describe('endingOf', () => {
  it('ending, a talk that never ended and had no step for 30 minutes, is a drop-off', () => {
    expect(endingOf(undefined, ago(ABANDONED_MS), NOW)).toBe('dropped');
  });

  it('ending, a talk that never ended and stepped a minute ago, is still going', () => {
    expect(endingOf({ _id: 't', status: 'replied', end_reason: null }, ago(60_000), NOW)).toBe('open');
  });

  it('ending, a talk ended by silence, is a drop-off; ended completed, a completion', () => {
    expect(endingOf({ _id: 't', status: 'ended', end_reason: 'silence' }, ago(0), NOW)).toBe('dropped');
    expect(endingOf({ _id: 't', status: 'ended', end_reason: 'completed' }, ago(0), NOW)).toBe('completed');
  });
});

describe('computeFigures', () => {
  it('figures, a talk that went on after the period, time its last block to the next step and count no ending', () => {
    const figures = computeFigures({
      steps: [step('a', ago(10 * ABANDONED_MS)), step('b', ago(10 * ABANDONED_MS - 4000))],
      talks: new Map(),
      nextAfter: new Map([['t1', ago(10 * ABANDONED_MS - 10_000)]]),
      now: NOW,
    });

    expect(figures.blocks.map((b) => [b.block_id, b.median_ms, b.dropped])).toEqual([
      ['a', 4000, 0],
      ['b', 6000, 0],
    ]);
    expect(figures.edges).toEqual([{ from: 'a', to: 'b', count: 1 }]);
  });

  it('figures, steps without a talk, count as entries only', () => {
    const figures = computeFigures({
      steps: [step('a', ago(0), null)],
      talks: new Map(),
      nextAfter: new Map(),
      now: NOW,
    });

    expect(figures).toMatchObject({
      talks: 0,
      edges: [],
      blocks: [{ block_id: 'a', entries: 1, dropped: 0, completed: 0, median_ms: null }],
    });
  });
});
