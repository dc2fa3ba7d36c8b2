import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAME_COUNTING_E2E, fileTimesOf, TIERS } from './test-stages.ts';

describe('test stages', () => {
  it('fileTimesOf, given a vitest JSON report, gives each file its wall time in seconds', () => {
    const report = join(mkdtempSync(join(tmpdir(), 'stages-')), 'r.json');
    writeFileSync(
      report,
      JSON.stringify({ testResults: [{ name: join(process.cwd(), 'a.test.ts'), startTime: 1_000, endTime: 3_500 }] }),
    );

    const times = fileTimesOf(report);

    expect(times).toEqual([{ file: 'a.test.ts', seconds: 2.5 }]);
  });

  it('fileTimesOf, given no report (a stage that stopped before writing one), gives nothing', () => {
    expect(fileTimesOf(join(tmpdir(), 'no-such-report.json'))).toEqual([]);
  });

  it('tier all, compared with the others, runs every stage of every tier', () => {
    const others = new Set(
      Object.entries(TIERS)
        .filter(([name]) => name !== 'all')
        .flatMap(([, stages]) => stages),
    );

    expect([...others].every((stage) => TIERS.all!.includes(stage))).toBe(true);
  });

  it('frame-counting end-to-end file, named to run alone, exists (a rename would run it beside others)', () => {
    expect(existsSync(FRAME_COUNTING_E2E)).toBe(true);
  });
});
