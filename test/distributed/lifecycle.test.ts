import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@talkwith/platform/testing';
import { startNode, waitForHttp } from '../../scripts/bench/processes.ts';
import { purchaseOnce } from '../../scripts/bench/redis-restart.ts';
import { adminToken, startTopology, type ServiceName, type Topology } from './topology.ts';

// Rolling a service: SIGTERM it under a steady stream of requests through the
// gateway, start it again. What counts as failed: anything but a 2xx, except a
// 503 answered fast (< 1 s) — that is the gateway saying "nothing reached the
// service" (it stopped accepting or is not back yet), which a client or a load
// balancer may retry safely. A 502 (connection dropped mid-request), a 500 or a
// network error is a failure. The gateway does not retry anything itself.

const CONCURRENCY = 16;
const FAST_503_MS = 1000;

let topology: Topology | undefined;

beforeAll(async () => {
  topology = await startTopology({ env: { gateway: { API_RATE_LIMIT_PER_MINUTE: '10000000' } } });
}, 200_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

interface Outcome {
  status: number | string;
  ms: number;
}

type Request = () => Promise<Response>;

/** Requests through the gateway that only `service` answers (public reads, signed-in reads, a POST), 2xx when it is up. */
function requestsFor(t: Topology, service: ServiceName): Request[] {
  const token = adminToken(t.jwtSecret, 'lifecycle-user');
  const get =
    (path: string, signedIn = false): Request =>
    () =>
      fetch(`${t.gatewayUrl}${path}`, signedIn ? { headers: { authorization: `Bearer ${token}` } } : {});
  const table: Partial<Record<ServiceName, Request[]>> = {
    billing: [
      () => purchaseOnce(t.gatewayUrl, token),
      get('/api/billing/products'),
      get('/api/billing/entitlements', true),
      () =>
        fetch(`${t.gatewayUrl}/api/payment/user_purchase_history/get`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: 'lifecycle-user' }),
        }),
    ],
    identity: [get('/api/identity/healthz')],
    catalog: [get('/api/characters'), get('/api/characters', true), get('/api/catalog/healthz')],
    dialogue: [get(`/api/dialogue/characters/search?q=${encodeURIComponent('ミライ')}`), get('/api/dialogue/healthz')],
    engagement: [get('/api/news'), get('/api/notifications', true), get('/api/engagement/healthz')],
  };
  return table[service] ?? [];
}

/** CONCURRENCY loops, each sending `requests` in turn until stopped. */
function steadyLoad(requests: Request[]) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: CONCURRENCY }, async (_, k) => {
    for (let i = k; running; i++) {
      const started = Date.now();
      try {
        const response = await requests[i % requests.length]!();
        await response.arrayBuffer();
        outcomes.push({ status: response.status, ms: Date.now() - started });
      } catch (err) {
        outcomes.push({ status: String((err as Error).cause ?? err), ms: Date.now() - started });
      }
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** SIGTERMs `service` under a steady load of its own requests and starts it again; the outcomes and how many came before the signal. */
async function rollUnderLoad(t: Topology, service: ServiceName, settleMs: number, minBefore: number) {
  const load = steadyLoad(requestsFor(t, service));
  await sleep(settleMs);
  // A service's first request may wait for a cold start (dialogue's first search loads the Japanese analyser): the
  // signal comes once the load flows, not after a fixed time.
  await vi.waitFor(
    () => expect(load.outcomes.length, 'load was flowing before the signal').toBeGreaterThan(minBefore),
    { timeout: 15_000, interval: 50 },
  );
  const before = load.outcomes.length;
  await t.killService(service, 'SIGTERM');
  await t.startService(service);
  await sleep(settleMs);
  await load.stop();
  return { outcomes: load.outcomes, before };
}

/** Every repeating job scheduler in Redis (BullMQ keeps them in `<prefix>:<queue>:repeat`), as `key member` lines (redis-cli: the root package has no Redis client). */
async function schedulers(redisUrl: string): Promise<string[]> {
  const cli = async (...args: string[]) =>
    (await promisify(execFile)('redis-cli', ['-u', redisUrl, ...args])).stdout.split('\n').filter(Boolean);
  const keys = await cli('--scan', '--pattern', '*:repeat');
  const members = await Promise.all(
    keys.map(async (key) => (await cli('ZRANGE', key, '0', '-1')).map((m) => `${key} ${m}`)),
  );
  return members.flat().sort();
}

const failed = (o: Outcome) =>
  !(typeof o.status === 'number' && (o.status < 300 || (o.status === 503 && o.ms < FAST_503_MS)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('lifecycle on the Redis topology', () => {
  // Billing under the heaviest mix (purchases); the others with their own reads, shorter, to keep the file's time small.
  it.each([
    ['billing', 1500, 50],
    ['identity', 700, 20],
    ['catalog', 700, 20],
    ['dialogue', 700, 20],
    ['engagement', 700, 20],
  ] as const)(
    '%s, SIGTERMed under a steady stream of requests and started again, fails no request but fast 503s',
    async (service, settleMs, minBefore) => {
      const t = topology as Topology;

      const { outcomes, before } = await rollUnderLoad(t, service, settleMs, minBefore);

      const failures = outcomes.filter(failed);
      const summary = `${service}: ${outcomes.length} requests (${before} before the signal), ${outcomes.filter((o) => o.status === 503).length} fast 503s`;
      console.info(`lifecycle: ${summary}; failures: ${JSON.stringify(failures.slice(0, 10))}`);
      expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(before);
      expect(failures, summary).toEqual([]);
    },
    120_000,
  );

  it('redis, restarted without persistence, gets every repeating job scheduler back without a service restart', async () => {
    const t = topology as Topology;
    const before = await schedulers(t.redis.url);

    await t.restartRedis();
    const deadline = Date.now() + 20_000;
    let after: string[] = [];
    while (Date.now() < deadline && after.length < before.length) {
      await sleep(200);
      after = await schedulers(t.redis.url).catch(() => []);
    }

    expect(before.length, 'renewals, expiry, reconcile, reminders, contact receipts, ...').toBeGreaterThanOrEqual(5);
    expect(after).toEqual(before);
  }, 60_000);
});

describe('replicas on the embedded store', () => {
  it('second logging process, same DATA_DIR as a running one, refuses to start naming STORE_URL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-replicas-'));
    const env = {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PATH_PREFIX: `adm${randomBytes(8).toString('hex')}`,
      PUBLIC_URL: 'http://127.0.0.1:1',
    };
    const firstPort = await freePort();
    const first = startNode('services/logging/src/server.ts', { env: { ...env, PORT: String(firstPort) } });
    try {
      await waitForHttp(`http://127.0.0.1:${firstPort}/readyz`, first, 60_000);
      const second = startNode('services/logging/src/server.ts', { env: { ...env, PORT: String(await freePort()) } });
      const [code] = (await once(second.child, 'exit')) as [number | null];

      expect(code).toBe(1);
      expect(second.output()).toContain('STORE_URL');
      expect((await fetch(`http://127.0.0.1:${firstPort}/readyz`)).ok, 'the first keeps serving').toBe(true);
    } finally {
      await first.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
