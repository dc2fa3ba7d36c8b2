/**
 * The synthetic talk (scripts/synthetic-talk.ts) once against `npm start` on a
 * fresh DATA_DIR: the time a probe's whole round takes, and whether it passes.
 * `node scripts/bench/synthetic.ts` runs it alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandalone, stopStandalone } from '../../test/e2e/standalone.ts';
import { runSyntheticTalk } from '../synthetic-talk.ts';
import { formatTable, type BenchRow } from './table.ts';

/** A probe runs every 5 minutes: its round must stay far below that, and below a scrape's patience. */
const GOAL_MS = 5_000;

export async function benchSynthetic(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'synthetic-bench-'));
  const server = await startStandalone(dataDir);
  try {
    const result = await runSyntheticTalk(server.url);
    if (!result.ok) throw new Error(`synthetic talk failed at ${result.failedStep}: ${result.message}`);
    return [
      {
        name: `synthetic talk, whole round (${result.clipsChecked} clips, search)`,
        value: result.timings.totalMs ?? 0,
        unit: 'ms',
        goal: `< ${GOAL_MS} ms`,
        pass: (result.timings.totalMs ?? Infinity) < GOAL_MS,
      },
      { name: 'synthetic talk, clip checks', value: result.timings.clipsMs ?? 0, unit: 'ms' },
    ];
  } finally {
    await stopStandalone(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(formatTable(await benchSynthetic()));
  process.exit();
}
