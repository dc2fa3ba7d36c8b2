import { describe, expect, it } from 'vitest';
import { FRAME_MS, framesRow, VSYNC_MS } from './player-motion.ts';

describe('motion rows', () => {
  it('framesRow, five display refreshes read a tenth of a ms long, meets a 1.25-interval goal', () => {
    const holds = [83.3, 83.4, 83.4, 83.4];

    const row = framesRow('hold', holds, 95, 1.25, 1);

    expect(row.pass).toBe(true);
    expect(row.value).toBeCloseTo(1.25, 6);
  });

  it('framesRow, six display refreshes, misses a 1.25-interval goal', () => {
    const holds = [83.3, 6 * VSYNC_MS - 0.2];

    const row = framesRow('hold', holds, 95, 1.25, 1);

    expect(row.pass).toBe(false);
    expect(row.value).toBeCloseTo((6 * VSYNC_MS) / FRAME_MS, 6);
  });
});
