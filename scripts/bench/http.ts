import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@talkwith/platform/testing';
import type { BenchRow } from './table.ts';
import { ROOT, startNode, waitForHttp, type NodeProcess } from './processes.ts';

/** One load-tool setting for both servers, so the ratio compares servers, not settings. */
export const LOAD = { connections: 50, pipelining: 1, warmupSeconds: 3, seconds: 10 } as const;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
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

/** Warm-up run (JIT, connection pools), then the measured run; requests/s counts 2xx answers only. */
async function measure(url: string): Promise<{ rps: number; result: AutocannonResult }> {
  await autocannon(url, LOAD.warmupSeconds);
  const result = await autocannon(url, LOAD.seconds);
  return { rps: Math.round(result['2xx'] / LOAD.seconds), result };
}

function failures(result: AutocannonResult): string {
  const bad = result.non2xx + result.errors + result.timeouts;
  return bad > 0 ? `, ${bad} failed` : '';
}

async function startGateway(logLevel: string, dataDir: string): Promise<{ url: string; process: NodeProcess }> {
  const port = await freePort();
  const server = startNode('gateway/src/standalone.ts', {
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: logLevel, NODE_ENV: 'production' },
  });
  const url = `http://127.0.0.1:${port}/healthz`;
  await waitForHttp(url, server, 60_000);
  return { url, process: server };
}

async function startBare(body: string, contentType: string): Promise<{ url: string; process: NodeProcess }> {
  const port = await freePort();
  const server = startNode('scripts/bench/bare-http-server.ts', {
    env: { PORT: String(port), BENCH_BODY: body, BENCH_CONTENT_TYPE: contentType },
  });
  const url = `http://127.0.0.1:${port}/healthz`;
  await waitForHttp(url, server);
  return { url, process: server };
}

async function gatewayRow(logLevel: string, baselineRps: number, dataDir: string): Promise<BenchRow> {
  const gateway = await startGateway(logLevel, dataDir);
  try {
    const { rps, result } = await measure(gateway.url);
    return {
      name: `gateway GET /healthz req/s (LOG_LEVEL=${logLevel}${failures(result)}) vs bare node:http`,
      value: rps, unit: 'req/s', baseline: baselineRps, goal: 'ratio ≥ 0.9', pass: rps / baselineRps >= 0.9,
    };
  } finally {
    await gateway.process.stop();
  }
}

/**
 * Gateway requests/s on /healthz against a bare node:http server answering the
 * same body, same autocannon settings, same run. Each server runs alone in its
 * own process while measured. The gateway runs as `npm start` runs it
 * (standalone, embedded adapters), once with request logging on (info) and
 * once with it off (warn).
 */
export async function benchHttp(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-http-'));
  try {
    const probe = await startGateway('warn', dataDir);
    const answer = await fetch(probe.url);
    const body = await answer.text();
    const contentType = answer.headers.get('content-type') ?? 'application/json';
    await probe.process.stop();

    const bare = await startBare(body, contentType);
    const baseline = await measure(bare.url).finally(() => bare.process.stop());
    return [
      { name: `bare node:http same JSON req/s (${LOAD.connections} connections, ${LOAD.seconds} s${failures(baseline.result)})`, value: baseline.rps, unit: 'req/s' },
      await gatewayRow('warn', baseline.rps, dataDir),
      await gatewayRow('info', baseline.rps, dataDir),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
