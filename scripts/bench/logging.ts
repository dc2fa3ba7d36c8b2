// Logging: (a) sustained ingestion of client log lines sent over the socket to
// the standalone gateway (`npm start`: every service in one process, embedded
// store), counted when the logging service has stored them, with the server's
// RSS after warm-up and at the end; (b) the CSV export of 1,000,000 stored
// rows, its time and the server's RSS growth while it streams.
// Runs alone with `node scripts/bench/logging.ts`.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { LOG_TYPES } from '@talkwith/proto/logging';
import { logsIn, openLogs, type LogDoc } from '../../services/logging/src/entries/model.ts';
import { round1, startStandalone } from './load.ts';
import { rssOf, type NodeProcess } from './processes.ts';
import { formatTable, type BenchRow } from './table.ts';

const SECRET = randomBytes(32).toString('hex');
const ADMIN_PREFIX = 'bench-admin';
const SOCKETS = 20;
/** Frames each socket keeps in flight (sent, not yet answered `logged`). */
const WINDOW = 32;
const WARM_UP_MS = 3000;
const MEASURE_MS = 10_000;
// BENCH_LOG_ROWS: fewer rows for a quick check of the bench itself.
const EXPORT_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const SEED_BATCH = 5000;
const MB = 1024 * 1024;

function token(sub: string, roles: string[]): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, roles, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
}

const METRICS_TOKEN = randomBytes(24).toString('hex');
// Socket and stored-line budgets lifted: the bench measures throughput, not the limiters (which still run, at a cost measured here).
const serverEnv = {
  JWT_SECRET: SECRET,
  ADMIN_PATH_PREFIX: ADMIN_PREFIX,
  SOCKET_FRAMES_PER_MINUTE: '100000000',
  SOCKET_CONNECTION_FRAMES_PER_SECOND: '100000',
  SOCKET_ANONYMOUS_PER_ADDRESS: '1000',
  METRICS_TOKEN,
  LOG_ACCOUNT_LINES_PER_MINUTE: '100000000',
  LOG_ACCOUNT_BYTES_PER_MINUTE: '100000000000',
  LOG_GLOBAL_LINES_PER_MINUTE: '100000000',
  LOG_GLOBAL_BYTES_PER_MINUTE: '100000000000',
};
/** The logging service's consumer group of client log lines (services/logging/src/ingest/client-lines.ts). */
const CLIENT_LINES_GROUP = 'logging.client-lines';

/**
 * Client lines the logging service has not stored yet, from the gateway's
 * Prometheus metrics (the embedded bus's consumer lag): cheap to ask every
 * 100 ms, where counting the stored rows would compete with the writer.
 */
async function linesBehind(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`metrics answered ${res.status}`);
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith(`talkwith_event_consumer_lag{group="${CLIENT_LINES_GROUP}"`));
  if (!line) throw new Error(`no consumer lag for ${CLIENT_LINES_GROUP} in the metrics`);
  return Number(line.split(' ').at(-1));
}

async function storedCount(url: string, body: object): Promise<number> {
  const res = await fetch(`${url}/api/${ADMIN_PREFIX}/logs/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token('bench-admin', ['admin'])}` },
    body: JSON.stringify({ ...body, limit: 1 }),
  });
  if (res.status !== 200) throw new Error(`filter answered ${res.status} ${await res.text()}`);
  return ((await res.json()) as { total: number }).total;
}

/** One socket sending play lines as fast as the server answers them, WINDOW in flight; counts the answers. */
async function sender(wsUrl: string, user: string, until: () => boolean, counted: { n: number }): Promise<void> {
  const socket = new WebSocket(wsUrl, {
    perMessageDeflate: false,
    origin: new URL(wsUrl).origin.replace(/^ws/, 'http'),
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const frame = JSON.stringify({
    event: 'log',
    data: {
      type: 'play',
      character_id: 'bench-character',
      message: '動画を再生しました',
      extra: { block: 'b1', video: 'v1' },
    },
  });
  await new Promise<void>((resolve, reject) => {
    let inFlight = 0;
    const pump = () => {
      while (inFlight < WINDOW && !until()) {
        socket.send(frame);
        inFlight++;
      }
      if (until() && inFlight === 0) resolve();
    };
    socket.on('message', (raw) => {
      const reply = JSON.parse(String(raw)) as { event: string; data: { code?: string } };
      if (reply.event === 'authed') return pump();
      if (reply.event === 'error') return reject(new Error(`socket refused a line: ${reply.data.code}`));
      inFlight--;
      counted.n++;
      pump();
    });
    socket.send(JSON.stringify({ event: 'auth', data: { token: token(user, ['customer']) } }));
  });
  socket.close();
}

async function ingestion(server: NodeProcess, url: string): Promise<BenchRow[]> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/api/socketio/new`;
  const run = `bench-${randomBytes(3).toString('hex')}`;
  const users = Array.from({ length: SOCKETS }, (_, i) => `${run}-${i}`);
  const sent = { n: 0 };
  const started = performance.now();
  const end = started + WARM_UP_MS + MEASURE_MS;
  let rssWarm = 0;
  let sentAtWarm = 0;
  const warm = setTimeout(
    () =>
      void rssOf(server.child.pid!).then((rss) => {
        rssWarm = rss;
        sentAtWarm = sent.n;
      }),
    WARM_UP_MS,
  );
  await Promise.all(users.map((user) => sender(wsUrl, user, () => performance.now() >= end, sent)));
  clearTimeout(warm);
  const accepted = (sent.n - sentAtWarm) / (MEASURE_MS / 1000);
  // Stored: the writer has caught up (its lag is 0), then every line the socket accepted is counted by the logging service itself.
  const deadline = performance.now() + 120_000;
  while ((await linesBehind(url)) > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const storedRate = sent.n / ((performance.now() - started) / 1000);
  let stored = 0;
  for (const user of users) stored += await storedCount(url, { user_id: user });
  const rssEnd = await rssOf(server.child.pid!);
  return [
    {
      name: 'log lines accepted over the socket (standalone)',
      value: Math.round(accepted),
      unit: 'lines/s',
      goal: '>= 5,000 lines/s',
      pass: accepted >= 5000,
    },
    {
      name: 'log lines stored, first sent to last stored',
      value: Math.round(storedRate),
      unit: 'lines/s',
      goal: '>= 5,000 lines/s',
      pass: storedRate >= 5000,
    },
    {
      name: 'log lines stored / accepted',
      value: stored / Math.max(sent.n, 1),
      unit: 'ratio',
      goal: '1 (none lost)',
      pass: stored === sent.n,
    },
    { name: 'server RSS after warm-up', value: round1(rssWarm / MB), unit: 'MB' },
    {
      name: 'server RSS at the end of ingestion',
      value: round1(rssEnd / MB),
      unit: 'MB',
      baseline: round1(rssWarm / MB),
      goal: 'flat (<= 1.25x warm-up)',
      pass: rssEnd <= rssWarm * 1.25,
    },
  ];
}

/** Seeds the rows straight into the store (before the server opens it: the embedded store is one process's). */
async function seedRows(dataDir: string, count: number): Promise<void> {
  // Where a standalone server keeps its embedded store (platform adapters: DATA_DIR/standalone/store).
  const store = await createEmbeddedStore({ dir: join(dataDir, 'standalone', 'store') });
  try {
    await openLogs(store);
    const logs = logsIn(store);
    const start = Date.UTC(2025, 0, 1);
    for (let done = 0; done < count; done += SEED_BATCH) {
      const docs: LogDoc[] = Array.from({ length: Math.min(SEED_BATCH, count - done) }, (_, i) => ({
        _id: randomUUID(),
        created_at: new Date(start + (done + i) * 1000).toISOString(),
        type: LOG_TYPES[(done + i) % 6]!,
        source: 'client',
        user_id: `seed-user-${(done + i) % 1000}`,
        character_id: 'c1',
        message: `行 ${done + i}: "再生", 完了`,
        extra: { os: 'iOS', n: done + i },
        actor_id: null,
        request_id: null,
      }));
      await logs.insertMany(docs);
    }
  } finally {
    await store.close();
  }
}

/** Streams one export to the end; its time, line count and the server's RSS growth (sampled every 100 ms) while it ran. */
async function timedExport(
  server: NodeProcess,
  url: string,
  query: string,
): Promise<{ seconds: number; lines: number; growthMb: number }> {
  const rssBefore = await rssOf(server.child.pid!);
  let rssPeak = rssBefore;
  const sampler = setInterval(
    () =>
      void rssOf(server.child.pid!).then(
        (rss) => {
          rssPeak = Math.max(rssPeak, rss);
        },
        () => undefined,
      ),
    100,
  );
  const started = performance.now();
  const res = await fetch(`${url}/api/${ADMIN_PREFIX}/logs/export${query}`, {
    headers: { authorization: `Bearer ${token('bench-admin', ['admin'])}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status} ${await res.text()}`);
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
    for (const byte of chunk) if (byte === 0x0a) lines++;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, lines, growthMb: (rssPeak - rssBefore) / MB };
}

async function csvExport(server: NodeProcess, url: string): Promise<BenchRow[]> {
  // Baseline: a first, small export (one user's 1/1000th) pays the one-off costs (code paths compiled, heap and SQLite cache grown).
  const small = await timedExport(server, url, '?user_id=seed-user-1');
  const full = await timedExport(server, url, '');
  // Each message holds no line break: one line per row plus the header.
  if (full.lines !== EXPORT_ROWS + 1) throw new Error(`export wrote ${full.lines} lines for ${EXPORT_ROWS} rows`);
  return [
    { name: `CSV export of ${EXPORT_ROWS.toLocaleString('en-US')} rows`, value: round1(full.seconds), unit: 's' },
    { name: 'CSV export rows per second', value: Math.round(EXPORT_ROWS / full.seconds), unit: 'rows/s' },
    {
      name: `server RSS growth, export of ${EXPORT_ROWS.toLocaleString('en-US')} rows (baseline: the first small export)`,
      value: round1(full.growthMb),
      unit: 'MB',
      baseline: round1(small.growthMb),
      goal: '<= 64 MB',
      pass: full.growthMb <= 64,
    },
  ];
}

export async function benchLogging(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-logging-'));
  let server: NodeProcess | undefined;
  try {
    await seedRows(dataDir, EXPORT_ROWS);
    const started = await startStandalone(dataDir, serverEnv);
    server = started.server;
    const exportRows = await csvExport(server, started.url);
    return [...(await ingestion(server, started.url)), ...exportRows];
  } catch (err) {
    throw new Error(`${(err as Error).message}\nserver output:\n${server?.output().slice(-3000) ?? ''}`, {
      cause: err,
    });
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(formatTable(await benchLogging()));
  process.exit();
}
