// Dialogue's analyser warm-up (ANALYSER_WARMUP): the service started as its
// tests start it, in a fresh process each way — resident memory once settled
// and the first search by reading after the start — with the warm-up off (the
// baseline: the first search loads the analyser) and on.
// In `npm run bench`; alone with `node scripts/bench/dialogue-warmup.ts`.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { printAlone, type BenchRow } from './table.ts';

const MB = 1024 * 1024;

interface Probe {
  warm: boolean;
  rss: number;
  rssAfterSearch: number;
  firstSearchMs: number;
  found: number;
}

async function probe(warm: boolean): Promise<Probe> {
  const child = join(import.meta.dirname, 'dialogue-warmup-child.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', child, String(warm)], {
    maxBuffer: MB,
  });
  const result = JSON.parse(stdout) as Probe;
  if (result.found !== 1) throw new Error(`the first search by reading found ${result.found} documents, not 1`);
  return result;
}

export async function benchDialogueWarmup(): Promise<BenchRow[]> {
  const off = await probe(false);
  const on = await probe(true);
  return [
    {
      name: 'dialogue resident memory after start, analyser warmed (baseline warm-up off)',
      value: on.rss / MB,
      unit: 'MB',
      baseline: off.rss / MB,
    },
    {
      name: 'dialogue resident memory after its first search by reading, warmed (baseline warm-up off)',
      value: on.rssAfterSearch / MB,
      unit: 'MB',
      baseline: off.rssAfterSearch / MB,
    },
    {
      name: 'dialogue first search by reading after start, warmed (baseline warm-up off: it loads the analyser)',
      value: on.firstSearchMs,
      unit: 'ms',
      baseline: off.firstSearchMs,
      goal: '< baseline',
      pass: on.firstSearchMs < off.firstSearchMs,
    },
  ];
}

if (import.meta.main) await printAlone(benchDialogueWarmup);
