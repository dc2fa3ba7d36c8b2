/**
 * The test tiers, run in order with the time each took, and the ten slowest
 * test files at the end (from vitest's JSON report): the suite says where its
 * time goes. `npm test` runs every tier; `npm run test:fast|test:e2e|test:chaos`
 * one of them. The first failing stage stops the run (its exit code is ours).
 *
 * The chaos stage runs one file at a time: each bounds how long its processes
 * may take to come up (the standalone's 10 s promise among them), which a
 * neighbour on a two-core machine breaks. End-to-end files run three at a time
 * (most of their time is a browser waiting on clips playing in real time),
 * except the frame-by-frame motion check, which runs alone after them: it
 * counts every rendering frame, and a neighbour's load drops frames.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** A stage's commands run side by side (each mostly one core); the stage fails if any of them fails. */
interface Stage {
  name: string;
  commands: string[][];
  report?: string;
  /** Added to the environment of the stage's commands. */
  env?: Record<string, string>;
}

const reports = mkdtempSync(join(tmpdir(), 'talkwith-test-'));
/** A vitest run of some projects; `args` narrows it to files (a filter, or --exclude). */
const vitest = (name: string, projects: string[], workers: number, args: string[] = []): Stage => {
  const report = join(reports, `${name}.json`);
  return {
    name,
    report,
    commands: [
      [
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
    ],
  };
};

/** The end-to-end file that counts rendering frames: it runs with nothing beside it. */
export const FRAME_COUNTING_E2E = 'test/e2e/player-seamless.e2e.test.ts';

const STAGES: Record<string, Stage> = {
  // The type checks run on TypeScript 7 (the native compiler, `typescript-native`: the same checks in a third of
  // the CPU); ESLint stays on TypeScript 6, whose JavaScript API typescript-eslint needs. `npm run lint` is ESLint
  // then Prettier; here the three run side by side and take about the longest one's time.
  static: {
    name: 'typecheck and lint',
    commands: [
      ['npm', 'run', '--silent', 'typecheck'],
      ['npm', 'run', '--silent', 'lint:code'],
      ['npm', 'run', '--silent', 'lint:format'],
    ],
  },
  // --no-isolate: the node project's files share their worker's module cache. Each file used to import Fastify, the
  // platform and its adapters afresh, and collecting (not running) was most of the stage's time. So a test file
  // must leave no module state behind: services and platforms come from factories per test, fake timers and
  // environment changes are undone in afterEach. (Vitest takes the pool's isolation from the run, not from a
  // project: hence a stage of its own rather than a project setting.)
  unit: vitest('unit and API', ['node'], 2, ['--no-isolate']),
  // Four at a time on two cores: a web file spends much of its time waiting (timers, `waitFor` polls), and with two
  // workers the stage used about one core.
  web: vitest('web client', ['web'], 4),
  chaos: vitest('processes and chaos', ['serial'], 1),
  // Three at a time: most of a browser file's time is clips playing in real time (three used about one core).
  e2e: vitest('end to end', ['e2e'], 3, ['--exclude', FRAME_COUNTING_E2E]),
  // web/dist was built for the stage before (the e2e global setup): reused, not rebuilt.
  motion: { ...vitest('end to end, motion', ['e2e'], 1, [FRAME_COUNTING_E2E]), env: { E2E_BUILD_WEB: '0' } },
};

export const TIERS: Record<string, string[]> = {
  all: ['static', 'unit', 'web', 'chaos', 'e2e', 'motion'],
  fast: ['static', 'unit', 'web'],
  chaos: ['chaos'],
  e2e: ['e2e', 'motion'],
};

function runCommand([command, ...args]: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function run(stage: Stage): Promise<number> {
  const codes = await Promise.all(stage.commands.map((command) => runCommand(command, stage.env)));
  return codes.find((code) => code !== 0) ?? 0;
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

function summary(done: Array<{ stage: Stage; ms: number; code: number }>): string {
  const lines = ['', 'Test stages:'];
  for (const { stage, ms, code } of done)
    lines.push(`  ${stage.name.padEnd(22)} ${seconds(ms).padStart(9)}  ${code === 0 ? 'passed' : 'FAILED'}`);
  lines.push(`  ${'total'.padEnd(22)} ${seconds(done.reduce((sum, d) => sum + d.ms, 0)).padStart(9)}`);
  const slowest = done
    .flatMap(({ stage }) => (stage.report ? fileTimesOf(stage.report) : []))
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
  const done: Array<{ stage: Stage; ms: number; code: number }> = [];
  for (const name of names) {
    const stage = STAGES[name]!;
    console.log(`\n▶ ${stage.name}`);
    const started = Date.now();
    const code = await run(stage);
    done.push({ stage, ms: Date.now() - started, code });
    if (code !== 0) break;
  }
  console.log(summary(done));
  return done.at(-1)?.code ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv[2] ?? 'all');
