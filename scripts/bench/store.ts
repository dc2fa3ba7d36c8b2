import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedStore } from '../../services/platform/src/store/index.ts';
import type { BenchRow } from './table.ts';

async function timed(work: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** `total` inserts spread over `writers` concurrent loops; every insert waits for its fsync. */
async function insertRate(collection: { insertOne(doc: Record<string, unknown>): Promise<unknown> }, prefix: string, total: number, writers: number): Promise<number> {
  const perWriter = Math.ceil(total / writers);
  const seconds = await timed(async () => {
    await Promise.all(Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) {
        await collection.insertOne({ email: `${prefix}-${w}-${i}@bench.local`, name: `user ${w}/${i}`, createdAt: new Date(), credits: i });
      }
    }));
  });
  return (perWriter * writers) / seconds;
}

/**
 * Embedded document store throughput in a temp dir: durable inserts from one
 * writer (one fsync each) and from 64 concurrent writers (group commit shares
 * fsyncs), and findOne on a unique indexed field.
 */
export async function benchStore(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-store-'));
  const store = await createEmbeddedStore({ dir });
  try {
    const users = store.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    const serial = await insertRate(users, 'serial', 500, 1);
    const concurrent = await insertRate(users, 'concurrent', 20_000, 64);
    const reads = 100_000;
    const readSeconds = await timed(async () => {
      for (let i = 0; i < reads; i++) {
        const found = await users.findOne({ email: `concurrent-${i % 64}-${(i * 7) % 300}@bench.local` });
        if (!found) throw new Error('bench: an indexed read found nothing');
      }
    });
    return [
      { name: 'store: durable inserts, 1 writer', value: Math.round(serial), unit: 'inserts/s' },
      { name: 'store: durable inserts, 64 concurrent writers (group commit)', value: Math.round(concurrent), unit: 'inserts/s' },
      { name: 'store: findOne on a unique indexed field (20k docs)', value: Math.round(reads / readSeconds), unit: 'reads/s' },
    ];
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchStore());
}
