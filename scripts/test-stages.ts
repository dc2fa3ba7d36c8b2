/**
 * The test tiers, run in order with the time each took, and the ten slowest
 * test files at the end (from vitest's JSON report): the suite says where its
 * time goes. `npm test` runs every tier; `npm run test:fast|test:e2e|test:chaos`
 * one of them. The first failing stage stops the run (its exit code is ours).
 *
 * A stage is lanes side by side, each lane runs one after another. Where the
 * time goes decides the lanes: the web client's files leave about half of the
 * two cores idle (measured with vmstat) and a chaos file uses about one, so in
 * `npm test` the chaos files run in two runs, one beside the web client's files,
 * its production build (for the end-to-end files) and the other chaos run. Each
 * chaos run takes one file at a time; the standalone's start-up test (its 10 s
 * promise) runs with nothing beside it, as does the frame-by-frame motion check:
 * a neighbour on a two-core machine breaks the one's bound and drops the other's
 * frames.
 * End-to-end files run three at a time (most of their time is a browser
 * waiting on clips playing in real time).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** One command; a vitest run writes its JSON report to `report`. */
interface Run {
  name: string;
  command: string[];
  report?: string;
  /** Added to the environment of the command. */
  env?: Record<string, string>;
}

/** Lanes side by side, the runs of a lane one after another; the stage fails if any run fails. */
interface Stage {
  name: string;
  lanes: Run[][];
}

const reports = mkdtempSync(join(tmpdir(), 'talkwith-test-'));
/** A vitest run of some projects; `args` narrows it to files (a filter, or --exclude). */
const vitest = (name: string, projects: string[], workers: number, args: string[] = []): Run => {
  const report = join(reports, `${name}.json`);
  return {
    name,
    report,
    command: [
      'npx',
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      `--maxWorkers=${workers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
  };
};
const npmRun = (script: string): Run => ({ name: script, command: ['npm', 'run', '--silent', script] });

/** The end-to-end file that counts rendering frames: it runs with nothing beside it. */
export const FRAME_COUNTING_E2E = 'test/e2e/player-seamless.e2e.test.ts';
/** The standalone's start-up bound: it runs with nothing beside it. */
export const START_UP_TEST = 'gateway/src/standalone.test.ts';

/** The chaos files of the first chaos run: together about as long as the other lane of their stage. */
export const CHAOS_FIRST_HALF = [
  'test/distributed/billing-chaos.test.ts',
  'test/distributed/lifecycle.test.ts',
  'test/distributed/crash.test.ts',
  'test/distributed/renewal-crash.test.ts',
  'test/distributed/start-order.test.ts',
];

const RUNS = {
  // The type checks run on TypeScript 7 (the native compiler, `typescript-native`: the same checks in a third of
  // the CPU); ESLint stays on TypeScript 6, whose JavaScript API typescript-eslint needs.
  typecheck: npmRun('typecheck'),
  lintCode: npmRun('lint:code'),
  lintFormat: npmRun('lint:format'),
  // --no-isolate: the node project's files share their worker's module cache. Each file used to import Fastify, the
  // platform and its adapters afresh, and collecting (not running) was most of the stage's time. So a test file
  // must leave no module state behind: services and platforms come from factories per test, fake timers and
  // environment changes are undone in afterEach. (Vitest takes the pool's isolation from the run, not from a
  // project: hence a run of its own rather than a project setting.)
  unit: vitest('unit and API', ['node'], 2, ['--no-isolate']),
  // Four at a time: a web file spends much of its time waiting (timers, `waitFor` polls).
  web: vitest('web client', ['web'], 4),
  // Two runs of the chaos files, side by side with each other or with the web client's files: the billing chaos
  // (about 100 s) and the files that take longest with it, the rest in the other run.
  chaosFirstHalf: vitest('chaos, first half', ['serial'], 1, CHAOS_FIRST_HALF),
  chaosSecondHalf: vitest(
    'chaos, second half',
    ['serial'],
    1,
    [START_UP_TEST, ...CHAOS_FIRST_HALF].flatMap((file) => ['--exclude', file]),
  ),
  webBuild: { ...npmRun('build'), name: 'web client build' },
  startUp: vitest('standalone start-up', ['serial'], 1, [START_UP_TEST]),
  e2e: vitest('end to end', ['e2e'], 3, ['--exclude', FRAME_COUNTING_E2E]),
  // web/dist was built by the end-to-end run before it (its global setup): reused, not rebuilt.
  motion: { ...vitest('end to end, motion', ['e2e'], 1, [FRAME_COUNTING_E2E]), env: { E2E_BUILD_WEB: '0' } },
} satisfies Record<string, Run>;

export const STAGES: Record<string, Stage> = {
  // `npm run lint` is ESLint then Prettier; here the three run side by side and take about the longest one's time.
  static: { name: 'typecheck and lint', lanes: [[RUNS.typecheck], [RUNS.lintCode], [RUNS.lintFormat]] },
  unit: { name: RUNS.unit.name, lanes: [[RUNS.unit]] },
  web: { name: RUNS.web.name, lanes: [[RUNS.web]] },
  chaos: { name: 'processes and chaos', lanes: [[RUNS.chaosFirstHalf], [RUNS.chaosSecondHalf]] },
  webBesideChaos: {
    name: 'web client beside chaos',
    lanes: [[RUNS.chaosFirstHalf], [RUNS.web, RUNS.webBuild, RUNS.chaosSecondHalf]],
  },
  startUp: { name: RUNS.startUp.name, lanes: [[RUNS.startUp]] },
  e2e: { name: RUNS.e2e.name, lanes: [[RUNS.e2e]] },
  // After webBesideChaos, which built web/dist.
  e2eBuilt: { name: RUNS.e2e.name, lanes: [[{ ...RUNS.e2e, env: { E2E_BUILD_WEB: '0' } }]] },
  motion: { name: RUNS.motion.name, lanes: [[RUNS.motion]] },
};

export const TIERS: Record<string, string[]> = {
  all: ['static', 'unit', 'webBesideChaos', 'startUp', 'e2eBuilt', 'motion'],
  fast: ['static', 'unit', 'web'],
  chaos: ['chaos', 'startUp'],
  e2e: ['e2e', 'motion'],
};

/** What a run took and how it ended. */
interface Done {
  run: Run;
  ms: number;
  code: number;
}

function runCommand(run: Run): Promise<Done> {
  const started = Date.now();
  const [command, ...args] = run.command;
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: 'inherit', env: { ...process.env, ...run.env } });
    child.on('exit', (code, signal) => resolve({ run, ms: Date.now() - started, code: code ?? (signal ? 1 : 0) }));
  });
}

/** A lane stops at its first failing run. */
async function runLane(lane: Run[]): Promise<Done[]> {
  const done: Done[] = [];
  for (const run of lane) {
    done.push(await runCommand(run));
    if (done.at(-1)!.code !== 0) break;
  }
  return done;
}

async function runStage(stage: Stage): Promise<Done[]> {
  return (await Promise.all(stage.lanes.map(runLane))).flat();
}

interface FileTime {
  file: string;
  seconds: number;
}

/** Each test file's wall time in a vitest JSON report (jest's format: testResults[].name, startTime, endTime). */
export function fileTimesOf(report: string): FileTime[] {
  if (!existsSync(report)) return [];
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults?: Array<{ name: string; startTime: number; endTime: number }>;
  };
  return (parsed.testResults ?? []).map((r) => ({
    file: relative(process.cwd(), r.name),
    seconds: (r.endTime - r.startTime) / 1000,
  }));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface StageDone {
  stage: Stage;
  ms: number;
  runs: Done[];
}
const failed = (runs: Done[]) => runs.some((r) => r.code !== 0);

function summary(done: StageDone[]): string {
  const lines = ['', 'Test stages:'];
  const row = (indent: string, name: string, ms: number, status: string) =>
    `${indent}${name.padEnd(26 - indent.length)} ${seconds(ms).padStart(9)}  ${status}`;
  for (const { stage, ms, runs } of done) {
    lines.push(row('  ', stage.name, ms, failed(runs) ? 'FAILED' : 'passed'));
    // A stage of several lanes also shows each run, so the lane that set its time is visible.
    if (stage.lanes.length > 1 && stage.lanes.some((lane) => lane.length > 1))
      for (const { run, ms: runMs, code } of runs) lines.push(row('    ', run.name, runMs, code === 0 ? '' : 'FAILED'));
  }
  lines.push(
    row(
      '  ',
      'total',
      done.reduce((sum, d) => sum + d.ms, 0),
      '',
    ),
  );
  const slowest = done
    .flatMap(({ runs }) => runs.flatMap(({ run }) => (run.report ? fileTimesOf(run.report) : [])))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (slowest.length > 0) {
    lines.push('', 'Ten slowest test files:');
    for (const { file, seconds: s } of slowest) lines.push(`  ${s.toFixed(1).padStart(7)} s  ${file}`);
  }
  return lines.join('\n');
}

async function main(tier: string): Promise<number> {
  const names = TIERS[tier];
  if (!names) {
    console.error(`Unknown test tier "${tier}": one of ${Object.keys(TIERS).join(', ')}`);
    return 2;
  }
  const done: StageDone[] = [];
  for (const name of names) {
    const stage = STAGES[name]!;
    console.log(`\n▶ ${stage.name}`);
    const started = Date.now();
    const runs = await runStage(stage);
    done.push({ stage, ms: Date.now() - started, runs });
    if (failed(runs)) break;
  }
  console.log(summary(done));
  return done.at(-1)?.runs.find((r) => r.code !== 0)?.code ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv[2] ?? 'all');
