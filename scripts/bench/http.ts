import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@talkwith/platform/testing';
import type { BenchRow } from './table.ts';
import { ROOT, startNode, waitForHttp, type NodeProcess } from './processes.ts';

/**
 * One load-tool setting for every server, so the ratio compares servers, not
 * settings. Servers are measured in alternating rounds and each keeps its best
 * round: on a shared machine, background load then hurts every server alike
 * instead of whichever happened to run at the wrong moment.
 */
export const LOAD = { connections: 50, pipelining: 1, warmupSeconds: 3, seconds: 5, rounds: 3 } as const;

interface AutocannonResult {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

interface Target {
  label: string;
  url: string;
  server: NodeProcess;
  best: number;
  /** Non-2xx answers by status code, plus 'errors' and 'timeouts', over every measured round. */
  failed: Map<string, number>;
}

/** Runs the autocannon CLI in its own process (so it never shares an event loop with a server). */
async function autocannon(url: string, seconds: number): Promise<AutocannonResult> {
  const cli = join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
  const args = [cli, '-c', String(LOAD.connections), '-p', String(LOAD.pipelining), '-d', String(seconds), '-j', url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited ${code}: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as AutocannonResult;
}

async function startGateway(logLevel: string, dataDir: string): Promise<Target> {
  const port = await freePort();
  const server = startNode('gateway/src/standalone.ts', {
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: logLevel, NODE_ENV: 'production' },
  });
  const url = `http://127.0.0.1:${port}/healthz`;
  await waitForHttp(url, server, 90_000);
  return { label: `LOG_LEVEL=${logLevel}`, url, server, best: 0, failed: new Map() };
}

/** Headers node:http adds by itself, or that describe the body; everything else the gateway chose to send. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'transfer-encoding',
]);

function gatewayHeaders(answer: Response): Record<string, string> {
  return Object.fromEntries([...answer.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}

async function startBare(
  label: string,
  body: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<Target> {
  const port = await freePort();
  const server = startNode('scripts/bench/bare-http-server.ts', {
    env: {
      PORT: String(port),
      BENCH_BODY: body,
      BENCH_CONTENT_TYPE: contentType,
      BENCH_HEADERS: JSON.stringify(headers),
    },
  });
  const url = `http://127.0.0.1:${port}/healthz`;
  await waitForHttp(url, server);
  return { label, url, server, best: 0, failed: new Map() };
}

/** Warm-up for each, then `rounds` alternating measured runs; requests/s counts 2xx answers only. */
async function measureAlternating(targets: Target[]): Promise<void> {
  for (const target of targets) await autocannon(target.url, LOAD.warmupSeconds);
  for (let round = 0; round < LOAD.rounds; round++) {
    for (const target of targets) {
      const result = await autocannon(target.url, LOAD.seconds);
      target.best = Math.max(target.best, Math.round(result['2xx'] / LOAD.seconds));
      const add = (what: string, count: number) => {
        if (count > 0) target.failed.set(what, (target.failed.get(what) ?? 0) + count);
      };
      for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
        if (!code.startsWith('2')) add(`HTTP ${code}`, count);
      add('errors', result.errors);
      add('timeouts', result.timeouts);
    }
  }
}

const failures = (target: Target) =>
  target.failed.size > 0 ? `; failed: ${[...target.failed].map(([what, count]) => `${count} ${what}`).join(', ')}` : '';

/**
 * Gateway requests/s on /healthz against a bare node:http server answering the
 * same body, same autocannon settings, same run. The gateway runs as `npm
 * start` runs it (standalone, embedded adapters), with request logging on
 * (info, to /dev/null) and off (warn).
 */
export async function benchHttp(): Promise<BenchRow[]> {
  const dataDirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'talkwith-bench-http-'))));
  const targets: Target[] = [];
  try {
    targets.push(await startGateway('warn', dataDirs[0] as string), await startGateway('info', dataDirs[1] as string));
    const answer = await fetch(targets[0]?.url ?? '');
    const [body, contentType] = [await answer.text(), answer.headers.get('content-type') ?? 'application/json'];
    targets.unshift(
      await startBare('bare', body, contentType, {}),
      await startBare('bare+headers', body, contentType, gatewayHeaders(answer)),
    );
    await measureAlternating(targets);
    const [bare, bareWithHeaders, ...gateways] = targets as [Target, Target, ...Target[]];
    const settings = `${LOAD.connections} connections, best of ${LOAD.rounds}×${LOAD.seconds} s`;
    return [
      { name: `bare node:http, same JSON (${settings}${failures(bare)})`, value: bare.best, unit: 'req/s' },
      {
        name: `bare node:http, same JSON and the gateway's ${Object.keys(gatewayHeaders(answer)).length} headers (${settings}${failures(bareWithHeaders)})`,
        value: bareWithHeaders.best,
        unit: 'req/s',
        baseline: bare.best,
      },
      ...gateways.map((g): BenchRow => ({
        name: `gateway GET /healthz, ${g.label} (${settings}${failures(g)})`,
        value: g.best,
        unit: 'req/s',
        baseline: bare.best,
        goal: 'ratio ≥ 0.9',
        pass: g.best / bare.best >= 0.9 && g.failed.size === 0,
      })),
    ];
  } finally {
    await Promise.all(targets.map((t) => t.server.stop()));
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}
