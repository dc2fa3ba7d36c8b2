// A fresh process for the store benchmark (store.ts), so its memory is only
// what opening and querying costs: `node scripts/bench/store-child.ts store|bare <path> [queries]`
// opens the 1M-log store (a store dir) or the bare baseline (a database file),
// runs the per-user query for random users and prints JSON: open time, latency
// percentiles, mean CPU time per query and peak resident memory.
import { BARE_QUERY, openBare, randomUser, type LogDoc } from './store-logs.ts';

const [kind, path, count = '2000'] = process.argv.slice(2);
if ((kind !== 'store' && kind !== 'bare') || !path)
  throw new Error('usage: store-child.ts store|bare <path> [queries]');

// Imported only for the store, so the baseline's memory holds none of its modules; before the clock starts.
const storeModule = kind === 'store' ? await import('../../services/platform/src/store/index.ts') : null;

async function opened(): Promise<{
  query: (user: string) => Promise<unknown[]> | unknown[];
  close: () => Promise<void> | void;
}> {
  if (kind === 'bare') {
    const db = openBare(path!);
    const statement = db.prepare(BARE_QUERY);
    return { query: (user) => statement.all(user), close: () => db.close() };
  }
  const store = await storeModule!.createEmbeddedStore({ dir: path! });
  const logs = store.collection<LogDoc>('logs');
  return {
    query: (user) => logs.find({ user_id: user }, { sort: { created_at: -1 }, limit: 50 }),
    close: () => store.close(),
  };
}

const started = performance.now();
const db = await opened();
// Open until the first answer: what a restarted service waits for.
if ((await db.query(randomUser())).length === 0) throw new Error('store-child: the store is empty');
const openMs = performance.now() - started;

// Steady state: the first answers (JIT, caches) are in the open time above.
for (let i = 0; i < 200; i++) await db.query(randomUser());
const latencies: number[] = [];
const cpuBefore = process.cpuUsage();
for (let i = 0; i < Number(count); i++) {
  const t = performance.now();
  const rows = await db.query(randomUser());
  latencies.push(performance.now() - t);
  if (rows.length !== 50) throw new Error(`store-child: a user had ${rows.length} logs, expected at least 50`);
}
// CPU time is what the query costs; wall time also holds waits for a CPU other processes hold.
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000 / latencies.length;
latencies.sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
await db.close();
console.log(JSON.stringify({ openMs, cpuMs, p50Ms: percentile(0.5), p99Ms: percentile(0.99), peakRssBytes }));
