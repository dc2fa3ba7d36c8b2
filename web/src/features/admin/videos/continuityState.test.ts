import { describe, expect, it } from 'vitest';
import { ageOf, continuityStateOf, japanTimeOf } from './continuityState.ts';

const report = (standby: string | null, warnings: string[] = []) => ({
  checked_at: '2026-01-01T00:00:00.000Z',
  standby_video_id: standby,
  first_frame_distance: null,
  last_frame_distance: null,
  warnings,
});

describe('continuityStateOf', () => {
  it('a report made before any standby clip, is never an all-clear', () => {
    expect(continuityStateOf(report(null), null)).toBe('noStandby');
    expect(continuityStateOf(report(null), 'standby')).toBe('stale');
  });

  it('a report against another standby clip than the current one, is stale whatever it says', () => {
    expect(continuityStateOf(report('old'), 'new')).toBe('stale');
  });

  it('a report against the current standby, is ok without warnings and warn with them', () => {
    expect(continuityStateOf(report('s'), 's')).toBe('ok');
    expect(continuityStateOf(report('s', ['x']), 's')).toBe('warn');
    expect(continuityStateOf(null, 's')).toBe('notChecked');
  });
});

describe('ageOf and japanTimeOf', () => {
  it('a check 3 minutes or 2 hours ago, reads in the given language; the exact time is in JST', () => {
    const at = Date.parse('2026-01-01T00:00:00.000Z');
    expect(ageOf('2026-01-01T00:00:00.000Z', 'ja-JP', at + 3 * 60_000)).toBe('3 分前');
    expect(ageOf('2026-01-01T00:00:00.000Z', 'en-US', at + 2 * 3_600_000)).toBe('2 hours ago');
    expect(japanTimeOf('2026-01-01T00:00:00.000Z')).toBe('2026/01/01 09:00 JST');
  });
});
