// `npm run bench`: every benchmark, one table. Loopback only; stops by itself.
// Each figure sits beside a baseline measured in the same run on this machine.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { formatTable, type BenchRow } from './table.ts';
import { benchHttp } from './http.ts';
import { benchWebSocket } from './websocket.ts';

type Bench = { title: string; run: () => Promise<BenchRow[]> };

/** Optional benchmarks owned by other parts: included when their module exists. */
async function optional(file: string, exportName: string, title: string): Promise<Bench | null> {
  const path = join(import.meta.dirname, file);
  if (!existsSync(path)) return null;
  const module = (await import(path)) as Record<string, unknown>;
  const run = module[exportName];
  if (typeof run !== 'function') throw new Error(`${file} does not export ${exportName}()`);
  return { title, run: run as () => Promise<BenchRow[]> };
}

async function benches(): Promise<Bench[]> {
  const found = await Promise.all([
    optional('store.ts', 'benchStore', 'embedded store'),
    optional('engine.ts', 'benchEngine', 'dialogue engine'),
    optional('login.ts', 'benchLogin', 'log-in'),
    optional('bundle.ts', 'benchBundle', 'web client size'),
    optional('platform-lines.ts', 'benchPlatformLines', 'platform code size'),
    optional('player.ts', 'benchPlayer', 'player clip switches (headless Chromium)'),
    optional('player-load.ts', 'benchPlayerLoad', 'page load on a throttled phone (headless Chromium)'),
    optional('block-graph.ts', 'benchBlockGraph', 'block graph editor, 500 blocks (headless Chromium)'),
    optional('upload.ts', 'benchUpload', 'video upload memory'),
    optional('billing.ts', 'benchBilling', 'billing purchases and ticket use'),
    optional('engagement.ts', 'benchEngagement', 'serial redemptions and notifications'),
    optional('recognition.ts', 'benchRecognition', 'recognition on the server (search round trip)'),
    optional(
      'recognition-accuracy.ts',
      'benchRecognitionAccuracy',
      'understanding what people say (readings, base forms, negation)',
    ),
    optional(
      'search-readings.ts',
      'benchSearchReadings',
      'embedded search by reading and dictionary form vs surface only',
    ),
    optional(
      'dialogue-warmup.ts',
      'benchDialogueWarmup',
      "dialogue's analyser warm-up at start (memory, first search)",
    ),
    optional('logging.ts', 'benchLogging', 'log ingestion over the socket and the CSV export'),
    optional('socket-validation.ts', 'benchFrameValidation', 'socket frame validation'),
    optional('socket-attack.ts', 'benchSocketAttack', 'socket attack from one address against /healthz'),
    optional('synthetic.ts', 'benchSynthetic', 'synthetic talk probe (standalone)'),
    optional('entitlement.ts', 'benchEntitlement', 'paid content: signed clips and the entitled character fetch'),
    optional('redis-restart.ts', 'benchRedisRestart', 'Redis restart without persistence (distributed topology)'),
    optional(
      'player-server-reply.ts',
      'benchPlayerServerReply',
      'reply latency with server recognition (headless Chromium)',
    ),
    optional(
      'simulator-reply.ts',
      'benchSimulatorReply',
      "simulator reply latency vs the player's (headless Chromium)",
    ),
    optional('character-tests.ts', 'benchCharacterTests', 'character tests before a publish'),
    optional('degrade.ts', 'benchDegrade', 'distributed gateway with one service down'),
  ]);
  return [
    { title: 'gateway HTTP', run: benchHttp },
    { title: 'WebSocket memory', run: benchWebSocket },
    ...found.filter((b): b is Bench => b !== null),
  ];
}

async function main(): Promise<void> {
  // Load from other work on the machine lowers every figure; it is printed so a reader can judge them.
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), load average at start ${load()}`,
  );
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  for (const bench of await benches()) {
    const started = performance.now();
    process.stderr.write(`bench: ${bench.title}... `);
    try {
      rows.push(...(await bench.run()));
      process.stderr.write(`${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (err) {
      process.stderr.write('failed\n');
      failed.push(`${bench.title}: ${(err as Error).stack ?? String(err)}`);
    }
  }
  console.log(`load average at end ${load()}`);
  console.log(formatTable(rows));
  const missed = rows.filter((r) => r.pass === false).map((r) => r.name);
  if (missed.length > 0) console.log(`\ngoal missed: ${missed.join('; ')}`);
  if (failed.length > 0) {
    console.error(`\nbenchmarks that could not run:\n${failed.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
// Every server and client was stopped above; exit even if a library left a timer behind.
process.exit();
