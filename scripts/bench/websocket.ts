import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@talkwith/platform/testing';
import type { BenchRow } from './table.ts';
import { startNode, waitForHttp, type NodeProcess } from './processes.ts';

export const CONNECTIONS = 5000;
const GOAL_KIB = 12;
const WS_PATH = '/api/socketio/new';
/** Idle time before each reading: V8's memory reducer gives back heap reserved by a burst after several idle seconds. */
const SETTLE_MS = 12_000;

interface ClientReport {
  open: number;
  failed: number;
  firstError: string;
}
interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}
interface PerConnection {
  rss: number;
  heap: number;
  heapTotal: number;
  external: number;
  report: ClientReport;
}

/** Asks a process over IPC and waits for its next message. */
async function ask<T>(target: NodeProcess, message: string): Promise<T> {
  const reply = once(target.child, 'message');
  target.child.send(message);
  const [answer] = (await reply) as [T];
  return answer;
}

async function serverMemory(server: NodeProcess): Promise<Memory> {
  const memory = await ask<Memory & { collected: boolean }>(server, 'memory');
  if (!memory.collected) throw new Error('memory probe has no gc(): start the server with --expose-gc');
  return memory;
}

/** Opens `count` idle client connections in a separate process; resolves with what it reports. */
async function openClients(url: string, count: number): Promise<{ clients: NodeProcess; report: ClientReport }> {
  const clients = startNode('scripts/bench/ws-clients.ts', { args: [url, String(count)], ipc: true });
  const [report] = (await once(clients.child, 'message')) as [ClientReport];
  return { clients, report };
}

async function closeClients(clients: NodeProcess): Promise<void> {
  const exited = once(clients.child, 'exit');
  clients.child.send('close');
  await exited;
}

/**
 * Resident memory one idle WebSocket costs the server: RSS after `CONNECTIONS`
 * idle connections minus RSS with none, both after a full GC, divided by the
 * count. A warm-up round first makes the code paths and buffers the
 * connections use part of the "none" figure, as they are in a running server.
 */
async function perConnection(server: NodeProcess, url: string): Promise<PerConnection> {
  const warm = await openClients(url, 200);
  await closeClients(warm.clients);
  // Both readings after the same idle time, so start-up garbage the memory reducer returns does not count as a saving.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const before = await serverMemory(server);
  const { clients, report } = await openClients(url, CONNECTIONS);
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = await ask<ClientReport>(clients, 'count');
    const after = await serverMemory(server);
    const per = (key: keyof Memory) => (after[key] - before[key]) / Math.max(1, settled.open);
    return {
      rss: per('rss'),
      heap: per('heapUsed'),
      heapTotal: per('heapTotal'),
      external: per('external'),
      report: { ...report, open: settled.open },
    };
  } finally {
    await closeClients(clients);
  }
}

async function measureServer(script: string, env: NodeJS.ProcessEnv): Promise<PerConnection> {
  const port = await freePort();
  const server = startNode(script, {
    nodeArgs: ['--expose-gc', '--import', './scripts/bench/memory-probe.ts'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    ipc: true,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, server, 60_000);
    return await perConnection(server, `ws://127.0.0.1:${port}${WS_PATH}`);
  } finally {
    await server.stop();
  }
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/** How many stayed open, and the JS heap (used / reserved) and external (Buffer) share of the RSS figure. */
function note(measured: PerConnection): string {
  const { report } = measured;
  const problems = report.failed > 0 ? `, ${report.failed} failed: ${report.firstError}` : '';
  return `${report.open.toLocaleString('en-US')} open${problems}; JS heap used ${kib(measured.heap)} / reserved ${kib(measured.heapTotal)} KiB, external ${kib(measured.external)} KiB`;
}

/**
 * Resident memory per idle WebSocket on /api/socketio/new of the standalone
 * gateway, against a bare `ws` server on node:http measured the same way.
 */
export async function benchWebSocket(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-ws-'));
  try {
    const bare = await measureServer('scripts/bench/bare-ws-server.ts', {});
    // Every socket comes from 127.0.0.1 and none joins a room: the per-address request limit (which upgrades count
    // against), the per-address cap on sockets not joined, their idle time-out and the global cap are lifted for this run.
    const gateway = await measureServer('gateway/src/standalone.ts', {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      SOCKET_ANONYMOUS_PER_ADDRESS: '1000000',
      SOCKET_UNJOINED_IDLE_SECONDS: '3600',
      SOCKET_MAX_OPEN: '1000000',
    });
    return [
      { name: `bare ws server RSS per idle WebSocket (${note(bare)})`, value: kib(bare.rss), unit: 'KiB' },
      {
        name: `gateway RSS per idle WebSocket at ${CONNECTIONS.toLocaleString('en-US')} (${note(gateway)})`,
        value: kib(gateway.rss),
        unit: 'KiB',
        baseline: kib(bare.rss),
        goal: `≤ ${GOAL_KIB} KiB`,
        pass: gateway.rss <= GOAL_KIB * 1024 && gateway.report.open === CONNECTIONS,
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
