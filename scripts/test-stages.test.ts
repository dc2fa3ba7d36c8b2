import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAOS_FIRST_HALF, FRAME_COUNTING_E2E, fileTimesOf, STAGES, START_UP_TEST, TIERS } from './test-stages.ts';

const runsOf = (tier: string) => TIERS[tier]!.flatMap((stage) => STAGES[stage]!.lanes.flat());
const commandsOf = (tier: string) => new Set(runsOf(tier).map((run) => run.command.join(' ')));

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

  it('tier all, compared with the others, runs every command of every tier', () => {
    const all = commandsOf('all');
    const others = Object.keys(TIERS)
      .filter((tier) => tier !== 'all')
      .flatMap((tier) => [...commandsOf(tier)]);

    expect(others.filter((command) => !all.has(command))).toEqual([]);
  });

  it('every tier, the start-up and the frame-counting files, run in a stage of one lane (nothing beside them)', () => {
    const alone = [START_UP_TEST, FRAME_COUNTING_E2E];
    const stagesWith = (file: string) =>
      Object.values(STAGES).filter((stage) =>
        stage.lanes.flat().some((run) => run.command.includes(file) && !run.command.includes('--exclude')),
      );

    for (const file of alone) {
      expect(stagesWith(file).length, file).toBeGreaterThan(0);
      expect(stagesWith(file).every((stage) => stage.lanes.length === 1 && stage.lanes[0]!.length === 1)).toBe(true);
    }
  });

  it('tier all, its end-to-end run, comes after the stage that builds the web client and reuses that build', () => {
    const stages = TIERS.all!;
    const builds = stages.findIndex((stage) =>
      STAGES[stage]!.lanes.flat().some((run) => run.name === 'web client build'),
    );
    const e2e = stages.findIndex((stage) => STAGES[stage]!.lanes.flat().some((run) => run.name === 'end to end'));

    expect(builds).toBeGreaterThanOrEqual(0);
    expect(e2e).toBeGreaterThan(builds);
    expect(STAGES[stages[e2e]!]!.lanes[0]![0]!.env).toEqual({ E2E_BUILD_WEB: '0' });
  });

  it('chaos files named for the first chaos run, exist (a rename would move a long file to the other lane)', () => {
    expect(CHAOS_FIRST_HALF.filter((file) => !existsSync(file))).toEqual([]);
  });

  it('frame-counting end-to-end file, named to run alone, exists (a rename would run it beside others)', () => {
    expect(existsSync(FRAME_COUNTING_E2E)).toBe(true);
  });
});
