import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createEmbeddedStore } from '../../services/platform/src/store/index.ts';
import { bareInsertRate, fillBare, fillStore, logDoc, openBare, rate, seconds, type LogDoc } from './store-logs.ts';
import { commitsPerSignup } from '../../services/platform/src/testing/signup-commits.ts';
import type { BenchRow } from './table.ts';

const MiB = 1024 * 1024;
/** Issue 8, measured on the old store and local bus at e51bf50 (that code is gone: not re-measurable). */
const FSYNCS_PER_SIGNUP_BEFORE = 16;

type ChildResult = { openMs: number; cpuMs: number; p50Ms: number; p99Ms: number; peakRssBytes: number };

/** Opens and queries in a fresh process (store-child.ts), so this process's memory does not count. */
async function inChild(kind: 'store' | 'bare', path: string): Promise<ChildResult> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    join(import.meta.dirname, 'store-child.ts'),
    kind,
    path,
    '2000',
  ]);
  return JSON.parse(stdout) as ChildResult;
}

/** findOne on a unique indexed field of a 20k-document collection. */
async function findOneRate(): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-store-users-'));
  const store = await createEmbeddedStore({ dir });
  try {
    const users = store.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertMany(
      Array.from({ length: 20_000 }, (_, i) => ({
        email: `user-${i}@bench.local`,
        name: `user ${i}`,
        createdAt: new Date(),
        credits: i,
      })),
    );
    return await rate(100_000, 1, async (i) => {
      if (!(await users.findOne({ email: `user-${(i * 7) % 20_000}@bench.local` })))
        throw new Error('bench: an indexed read found nothing');
    });
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The embedded store (node:sqlite, documents as JSON) beside bare node:sqlite
 * with real columns, on 1M client logs with an index on { user_id, created_at }:
 * fill, fresh-process memory and reopen, the per-user query, durable inserts;
 * then fsyncs per user.registered with three consumers. BENCH_STORE_DOCS
 * overrides the 1M (for a quick run).
 */
export async function benchStore(): Promise<BenchRow[]> {
  const total = Number(process.env['BENCH_STORE_DOCS'] ?? 1_000_000);
  const label = total === 1_000_000 ? '1M' : total.toLocaleString('en-US');
  const dir = await mkdtemp(join(tmpdir(), 'bench-store-'));
  const storeDir = join(dir, 'store');
  const bareFile = join(dir, 'bare.sqlite');
  try {
    let started = performance.now();
    const filling = await createEmbeddedStore({ dir: storeDir });
    await filling.collection<LogDoc>('logs').createIndex({ user_id: 1, created_at: -1 });
    await fillStore(filling.collection<LogDoc>('logs'), total);
    await filling.close();
    const storeFill = seconds(started);
    started = performance.now();
    const bareFilling = openBare(bareFile);
    fillBare(bareFilling, total);
    bareFilling.close();
    const bareFill = seconds(started);
    process.stderr.write(`(filled ${label} logs: store ${storeFill.toFixed(1)} s, bare ${bareFill.toFixed(1)} s) `);

    const doc = await inChild('store', storeDir);
    const bare = await inChild('bare', bareFile);

    const store = await createEmbeddedStore({ dir: storeDir });
    const logs = store.collection<LogDoc>('logs');
    const serial = await rate(300, 1, () => logs.insertOne(logDoc()));
    const grouped = await rate(20_000, 64, () => logs.insertOne(logDoc()));
    await store.close();
    const bareDb = openBare(bareFile);
    const bareSerial = bareInsertRate(bareDb, 300, 1);
    const bareGrouped = bareInsertRate(bareDb, 20_000, 64);
    bareDb.close();

    const reads = await findOneRate();
    const fsyncs = (await commitsPerSignup(50)).commits;
    const at = `${label} logs`;
    return [
      {
        name: `store: fill ${at} (insertMany chunks, 50k per commit; baseline bare node:sqlite)`,
        value: total / storeFill,
        unit: 'docs/s',
        baseline: total / bareFill,
      },
      {
        name: `store: peak RSS of a fresh process opening ${at} + 2,200 queries`,
        value: doc.peakRssBytes / MiB,
        unit: 'MiB',
        baseline: bare.peakRssBytes / MiB,
        goal: '<= 150',
        pass: doc.peakRssBytes / MiB <= 150,
      },
      {
        name: `store: reopen ${at} (open + first query)`,
        value: doc.openMs,
        unit: 'ms',
        baseline: bare.openMs,
        goal: '<= 100',
        pass: doc.openMs <= 100,
      },
      {
        name: `store: find({ user_id }) sort created_at -1 limit 50, p50 of 2,000 random users (${at})`,
        value: doc.p50Ms,
        unit: 'ms',
        baseline: bare.p50Ms,
      },
      {
        name: `store: find({ user_id }) sort created_at -1 limit 50, p99 of 2,000 random users (${at})`,
        value: doc.p99Ms,
        unit: 'ms',
        baseline: bare.p99Ms,
        goal: '<= 5',
        pass: doc.p99Ms <= 5,
      },
      {
        name: `store: same query, mean CPU time (${at}; wall time above also waits for the CPU)`,
        value: doc.cpuMs,
        unit: 'ms',
        baseline: bare.cpuMs,
      },
      { name: `store: durable inserts, 1 writer (${at})`, value: serial, unit: 'inserts/s', baseline: bareSerial },
      {
        name: `store: durable inserts, 64 concurrent writers, group commit (${at}; baseline 64 per commit)`,
        value: grouped,
        unit: 'inserts/s',
        baseline: bareGrouped,
      },
      { name: 'store: findOne on a unique indexed field (20k docs)', value: reads, unit: 'reads/s' },
      {
        name: 'store: fsyncs per user.registered, 3 consumers (before: 16, measured on e51bf50)',
        value: fsyncs,
        unit: 'fsyncs',
        baseline: FSYNCS_PER_SIGNUP_BEFORE,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./table.ts');
  console.log(formatTable(await benchStore()));
}
