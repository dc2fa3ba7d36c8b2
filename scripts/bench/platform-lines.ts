// How much code the platform package carries: non-test, non-blank, non-comment
// lines of services/platform/src, now and (with --base <rev>) at a git revision.
// Issue 8 moves the platform onto maintained libraries; this shows the effect.
//   node scripts/bench/platform-lines.ts [--base <rev>]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BenchRow } from './table.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const PLATFORM_SRC = 'services/platform/src';
/** The commit issue 8's work started from. */
export const BASELINE_REVISION = 'e51bf50';

/**
 * Test code, by path: tests, the contract suites every adapter runs, test
 * servers and services (`test-`, `-test-` in the name), helpers under
 * testing/ and child-process fixtures under fixtures/.
 */
export function isTestCode(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /(^|[-.])test[-.]/.test(name) || name.startsWith('contract') || /(^|\/)(testing|fixtures)\//.test(path);
}

/**
 * Lines holding code: not blank, not only a comment. Line-based, as cloc
 * counts: a line that starts a block comment is a comment line, and a line
 * with code before a trailing comment is a code line.
 */
export function countCodeLines(source: string): number {
  let count = 0;
  let inBlockComment = false;
  for (const raw of source.split('\n')) {
    let line = raw.trim();
    if (inBlockComment) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      inBlockComment = false;
      line = line.slice(end + 2).trim();
    }
    while (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2);
      if (end < 0) {
        inBlockComment = true;
        line = '';
      } else line = line.slice(end + 2).trim();
    }
    if (line !== '' && !line.startsWith('//')) count++;
  }
  return count;
}

const isCountedSource = (path: string) => path.endsWith('.ts') && !isTestCode(path);

/** The working tree as it is (so a bench run counts uncommitted work too). */
export function countPlatformLinesNow(): number {
  const dir = join(ROOT, PLATFORM_SRC);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) =>
    relative(dir, join(dir, f)).replaceAll('\\', '/'),
  );
  return files.filter(isCountedSource).reduce((sum, f) => sum + countCodeLines(readFileSync(join(dir, f), 'utf8')), 0);
}

const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });

/** The same count at a git revision, read with git ls-tree and git show (throws when the revision is unknown). */
export function countPlatformLinesAt(revision: string): number {
  const paths = git('ls-tree', '-r', '--name-only', revision, '--', PLATFORM_SRC).split('\n').filter(Boolean);
  return paths
    .filter((p) => isCountedSource(p.slice(PLATFORM_SRC.length + 1)))
    .reduce((sum, p) => sum + countCodeLines(git('show', `${revision}:${p}`)), 0);
}

/** The bench row: lines now beside lines at the start of issue 8 (no baseline in a clone without that commit). */
export async function benchPlatformLines(): Promise<BenchRow[]> {
  const value = countPlatformLinesNow();
  let baseline: number | undefined;
  try {
    baseline = countPlatformLinesAt(BASELINE_REVISION);
  } catch {
    process.stderr.write(`(commit ${BASELINE_REVISION} not in this clone: no baseline) `);
  }
  const goal = baseline === undefined ? {} : { goal: `< lines at ${BASELINE_REVISION}`, pass: value < baseline };
  return [
    { name: 'platform non-test lines', value, unit: 'lines', ...(baseline === undefined ? {} : { baseline }), ...goal },
  ];
}

if (import.meta.main) {
  const baseIndex = process.argv.indexOf('--base');
  const base = baseIndex > 0 ? process.argv[baseIndex + 1] : undefined;
  const now = countPlatformLinesNow();
  if (!base) console.log(`${PLATFORM_SRC}: ${now} non-test code lines`);
  else {
    const before = countPlatformLinesAt(base);
    const change = now - before;
    console.log(
      `${PLATFORM_SRC}: ${before} non-test code lines at ${base}, ${now} now (${change >= 0 ? '+' : ''}${change}, ${((change / before) * 100).toFixed(1)}%)`,
    );
  }
}
