import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BenchRow } from './table.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

interface BundleReport {
  initialJsGzipKb: number;
  budgetKb: number;
  reactPlusReduxToolkitGzipKb: number;
}

/**
 * The consumer client's initial JavaScript, gzipped, from a fresh production
 * build (web/scripts/bundle-size.ts measures the entry and its preloads), beside
 * a bundle of React + ReactDOM + Redux Toolkit alone built the same way.
 */
export async function benchBundle(): Promise<BenchRow[]> {
  await run('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run(process.execPath, [join(root, 'web', 'scripts', 'bundle-size.ts')], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  const report = JSON.parse(stdout) as BundleReport;
  return [
    { name: 'React + ReactDOM + Redux Toolkit alone, gzipped', value: report.reactPlusReduxToolkitGzipKb, unit: 'kB' },
    {
      name: 'consumer client initial JS, gzipped',
      value: report.initialJsGzipKb,
      unit: 'kB',
      baseline: report.reactPlusReduxToolkitGzipKb,
      goal: `≤ ${report.budgetKb} kB`,
      pass: report.initialJsGzipKb <= report.budgetKb,
    },
  ];
}
