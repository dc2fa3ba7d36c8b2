import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology, type Topology } from './topology.ts';

// Readiness tells a load balancer whether to send this process traffic. A
// service without Redis (its bus, jobs and cache) still serves from its store
// (the outbox holds its events), so it stays ready and reports Redis; taking
// it out would take out every replica at once. A process that got SIGTERM is
// going away and says so while it still serves (SHUTDOWN_UNREADY_MS), before
// it stops accepting. One topology: catalog and the gateway.

const UNREADY_MS = 1500;
const draining = { SHUTDOWN_UNREADY_MS: String(UNREADY_MS), SHUTDOWN_GRACE_MS: '10000' };

let topology: Topology;

beforeAll(async () => {
  topology = await startTopology({ initial: ['catalog'], env: { gateway: draining, catalog: draining } });
}, 120_000);

afterAll(async () => {
  await topology?.close();
}, 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: { checks?: Record<string, string> };
}

/** GET `url` (status 0: no answer within 3 s or refused). */
async function answerOf(url: string): Promise<Answer> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
  } catch {
    return { status: 0, body: {} };
  }
}

const statusOf = async (url: string) => (await answerOf(url)).status;

/** Polls `url` until `done` holds or `timeoutMs` passed; the last answer. */
async function until(url: string, done: (a: Answer) => boolean, timeoutMs: number): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  let last = await answerOf(url);
  while (!done(last) && Date.now() < deadline) {
    await sleep(100);
    last = await answerOf(url);
  }
  return last;
}

const busIs = (state: 'ok' | 'down') => (a: Answer) => (a.body.checks?.bus === 'ok') === (state === 'ok');

describe('readiness on the Redis topology', () => {
  it('catalog, Redis stopped then started again, stays ready (reporting the bus) and serves reads meanwhile', async () => {
    const url = topology.serviceUrl('catalog');
    const before = await until(`${url}/readyz`, busIs('ok'), 5000);

    await topology.stopRedis();
    const down = await until(`${url}/readyz`, busIs('down'), 10_000);
    const read = await statusOf(`${url}/api/characters`);
    await topology.startRedis();
    const back = await until(`${url}/readyz`, busIs('ok'), 20_000);

    expect({ before: before.status, down: down.status, read, back: back.status }).toEqual({
      before: 200,
      down: 200,
      read: 200,
      back: 200,
    });
    expect(down.body.checks).toMatchObject({ store: 'ok', bus: expect.not.stringMatching(/^ok$/) });
  }, 60_000);

  it.each(['catalog', 'gateway'] as const)(
    '%s, SIGTERMed, answers /readyz 503 at once while it still serves /healthz, then exits',
    async (name) => {
      const url = name === 'gateway' ? topology.gatewayUrl : topology.serviceUrl(name);
      const before = await statusOf(`${url}/readyz`);

      const exited = name === 'gateway' ? topology.stopGateway('SIGTERM') : topology.killService(name, 'SIGTERM');
      await sleep(200);
      const [ready, alive] = [await statusOf(`${url}/readyz`), await statusOf(`${url}/healthz`)];
      await exited;
      const after = await statusOf(`${url}/healthz`);

      expect({ before, ready, alive, after }).toEqual({ before: 200, ready: 503, alive: 200, after: 0 });
    },
    30_000,
  );
});
