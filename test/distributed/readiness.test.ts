import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology, type Topology } from './topology.ts';

// Readiness tells a load balancer whether to send this process traffic: a
// service without Redis (its bus, jobs and cache) cannot serve and says so
// until Redis is back, with no restart; a gateway that got SIGTERM is going
// away and says so while it still serves (SHUTDOWN_UNREADY_MS), before it
// stops accepting. One topology: catalog and the gateway.

const UNREADY_MS = 1500;

let topology: Topology;

beforeAll(async () => {
  topology = await startTopology({
    initial: ['catalog'],
    env: { gateway: { SHUTDOWN_UNREADY_MS: String(UNREADY_MS), SHUTDOWN_GRACE_MS: '10000' } },
  });
}, 120_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The status of GET `url` (0: no answer within 3 s or refused). */
async function statusOf(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Polls `url` until it answers `status` or `timeoutMs` passed; the last status. */
async function until(url: string, status: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = await statusOf(url);
  while (last !== status && Date.now() < deadline) {
    await sleep(100);
    last = await statusOf(url);
  }
  return last;
}

describe('readiness on the Redis topology', () => {
  it('catalog, Redis stopped then started again, answers /readyz 503 meanwhile and 200 after without a restart', async () => {
    const readyz = `${topology.serviceUrl('catalog')}/readyz`;
    const before = await until(readyz, 200, 5000);

    await topology.stopRedis();
    const down = await until(readyz, 503, 10_000);
    const alive = await statusOf(`${topology.serviceUrl('catalog')}/healthz`);
    await topology.startRedis();
    const back = await until(readyz, 200, 20_000);

    expect({ before, down, alive, back }).toEqual({ before: 200, down: 503, alive: 200, back: 200 });
  }, 60_000);

  it('gateway, SIGTERMed, answers /readyz 503 while it still serves /healthz, then exits', async () => {
    const url = topology.gatewayUrl;
    const before = await statusOf(`${url}/readyz`);

    const exited = topology.stopGateway('SIGTERM');
    await sleep(200);
    const [ready, alive] = [await statusOf(`${url}/readyz`), await statusOf(`${url}/healthz`)];
    await exited;
    const after = await statusOf(`${url}/healthz`);

    expect({ before, ready, alive, after }).toEqual({ before: 200, ready: 503, alive: 200, after: 0 });
  }, 30_000);
});
