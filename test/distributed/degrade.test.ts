import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, startTopology, type Topology } from './topology.ts';

// Degrade instead of falling over, on the distributed topology (Redis bus,
// jobs and cache; each service its own process): a service down fails its own
// routes fast and nothing else; Redis down leaves the pages up and fails the
// calls that need it fast; Redis back needs no restart. One topology for the file.

let topology: Topology;

beforeAll(async () => {
  topology = await startTopology();
}, 120_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

interface Timed {
  status: number;
  body: string;
  ms: number;
}

/** One request to the gateway, with how long its answer took (the call gives up after 15 s: a hang is an answer too). */
async function timed(path: string, init: { token?: string; accept?: string } = {}): Promise<Timed> {
  const headers: Record<string, string> = { accept: init.accept ?? 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const started = performance.now();
  try {
    const response = await fetch(`${topology.gatewayUrl}${path}`, { headers, signal: AbortSignal.timeout(15_000) });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, body: (err as Error).message, ms: performance.now() - started };
  }
}

/** Retries `path` until it answers `status`, for up to `timeoutMs`; the last answer. */
async function until(path: string, status: number, token: string, timeoutMs: number): Promise<Timed> {
  const deadline = Date.now() + timeoutMs;
  let last = await timed(path, { token });
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await timed(path, { token });
  }
  return last;
}

// A signed-in call: the gateway checks the session's version in the cache (Redis) before forwarding.
const SIGNED_IN_CATALOG = '/api/characters';

describe('distributed topology, degrading', () => {
  it('Redis down, the gateway serves pages, its probes and calls without Redis, and answers a signed-in call 503 UNAVAILABLE within a second', async () => {
    const token = adminToken(topology.jwtSecret, 'degrade-redis-down');
    await topology.stopRedis();

    const page = await timed('/', { accept: 'text/html' });
    const [alive, ready] = [await timed('/healthz'), await timed('/readyz')];
    const signedIn = await timed(SIGNED_IN_CATALOG, { token });
    const anonymous = await timed('/api/characters');

    expect({ status: page.status, html: page.body.includes('<html') }).toEqual({ status: 200, html: true });
    expect([alive.status, ready.status]).toEqual([200, 200]);
    expect(signedIn.status).toBe(503);
    expect(JSON.parse(signedIn.body)).toMatchObject({
      ok: false,
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/しばらくしてから/),
    });
    expect(signedIn.ms).toBeLessThan(1000);
    expect(anonymous.status).toBe(200);
  }, 40_000);

  it('Redis back (empty, on the same address), the same signed-in call answers 200 again without restarting any process', async () => {
    const token = adminToken(topology.jwtSecret, 'degrade-redis-back');
    await topology.stopRedis().catch(() => undefined);
    const during = await timed(SIGNED_IN_CATALOG, { token });

    await topology.startRedis();
    const after = await until(SIGNED_IN_CATALOG, 200, token, 15_000);

    expect(during.status).toBe(503);
    expect(after.status).toBe(200);
  }, 40_000);

  it("billing down, the gateway stays ready, catalog answers 200 and billing's routes 503 UNAVAILABLE fast", async () => {
    const token = adminToken(topology.jwtSecret, 'degrade-billing-down');
    await topology.killService('billing', 'SIGKILL');

    const ready = await timed('/readyz');
    const catalog = await timed('/api/characters');
    const billing = await timed('/api/cancel_reasons/list', { token });

    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ ok: true });
    expect(catalog.status).toBe(200);
    expect(billing.status).toBe(503);
    expect(JSON.parse(billing.body)).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    expect(billing.ms).toBeLessThan(1000);
  }, 40_000);
});
