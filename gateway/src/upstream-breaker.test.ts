import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogService } from '@talkwith/catalog';
import { identityService } from '@talkwith/identity';
import { messages } from '@talkwith/platform/http';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';
import { Agent } from 'node:http';
import { Socket } from 'node:net';
import { BREAKER, CONNECT_TIMEOUT, UpstreamBreaker, withConnectTimeout } from './upstream-breaker.ts';
import { upstreamFailure, type Upstreams } from './upstreams.ts';

/** Distributed mode with one service failing: its circuit, the other service's routes, the gateway's readiness. */
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A stand-in service process; `hits` counts the API requests that reached it (not the gateway's fetch of its OpenAPI document). */
async function fakeService(handle: 'drop' | 'answer'): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/api/')) hits++;
    if (handle === 'drop') request.socket.destroy();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

/** The distributed gateway (not listening: inject) with identity and catalog proxied to the given addresses. */
async function gateway(upstreams: { identity: string; catalog: string }): Promise<FastifyInstance> {
  const dir = await mkdtemp(join(tmpdir(), 'upstream-breaker-'));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    JWT_SECRET: 'upstream-breaker-secret-0123456789-abcdef',
    ADMIN_PATH_PREFIX: 'secret-admin-ub',
  };
  const config = loadPlatformConfig(env);
  const platform = await createPlatform(config, { serviceName: 'gateway' });
  const app = await buildGateway({
    config,
    env,
    platform,
    services: [identityService, catalogService],
    upstreams: upstreams as Upstreams,
    webDist: join(dir, 'none'),
    rateLimitMax: 10_000,
  });
  stops.push(async () => {
    await app.close();
    await closePlatform(platform);
    await rm(dir, { recursive: true, force: true });
  });
  return app;
}

const login = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a@example.jp', password: 'whatever1' } });

describe('gateway, circuit breaker per service', () => {
  it('forward, the service failing BREAKER.failures times in a row, answers 503 UNAVAILABLE without reaching it', async () => {
    const identity = await fakeService('drop');
    const catalog = await fakeService('answer');
    const app = await gateway({ identity: identity.url, catalog: catalog.url });

    const failures = [];
    for (let i = 0; i < BREAKER.failures; i++) failures.push((await login(app)).statusCode);
    const refused = await login(app);

    expect(failures).toEqual(Array(BREAKER.failures).fill(502));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ ok: false, code: 'UNAVAILABLE', message: messages.unavailable });
    expect(identity.hits()).toBe(BREAKER.failures);
  });

  it("forward, one service's circuit open, routes of another service still answered by it", async () => {
    const identity = await fakeService('drop');
    const catalog = await fakeService('answer');
    const app = await gateway({ identity: identity.url, catalog: catalog.url });
    for (let i = 0; i <= BREAKER.failures; i++) await login(app);

    const res = await app.inject({ method: 'GET', url: '/api/characters' });

    expect(res.statusCode).toBe(200);
    expect(catalog.hits()).toBe(1);
  });

  it('readyz, a service down, is 200 with that circuit reported (ready means this gateway can route)', async () => {
    const identity = await fakeService('drop');
    const catalog = await fakeService('answer');
    const app = await gateway({ identity: identity.url, catalog: catalog.url });
    for (let i = 0; i < BREAKER.failures; i++) await login(app);

    const res = await app.inject({ method: 'GET', url: '/readyz' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      checks: { 'upstream:identity': 'circuit open', 'upstream:catalog': 'circuit closed' },
    });
  });
});

describe('UpstreamBreaker', () => {
  it('circuit, open time over, lets one trial through, refuses the rest meanwhile, and closes on its answer', async () => {
    const breaker = new UpstreamBreaker('billing', { failures: 2, openMs: 30 });
    for (let i = 0; i < 2; i++) breaker.admit().failed(new Error('refused'));
    await new Promise((r) => setTimeout(r, 0));
    const whileOpen = captured(() => breaker.admit());
    await new Promise((r) => setTimeout(r, 40));

    const trial = breaker.admit();
    const duringTrial = captured(() => breaker.admit());
    trial.answered();
    await new Promise((r) => setTimeout(r, 0));

    expect(whileOpen).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    expect(duringTrial).toMatchObject({ code: 'UNAVAILABLE' });
    expect(breaker.state).toBe('closed');
  });
});

function captured(act: () => unknown): unknown {
  try {
    act();
    return null;
  } catch (err) {
    return err;
  }
}

describe('connect time-out', () => {
  it('agent, a connection that never completes, is destroyed with UPSTREAM_CONNECT_TIMEOUT, which the client sees as 503 UNAVAILABLE', async () => {
    const agent = new Agent();
    // A socket that is never connected: a host that drops the SYN, as far as the agent can tell.
    agent.createConnection = () => new Socket();
    const socket = withConnectTimeout(agent, 20).createConnection({}) as Socket;

    const [error] = await new Promise<[Error & { code?: string }]>((resolve) =>
      socket.once('error', (err) => resolve([err])),
    );
    const answer = upstreamFailure(Object.assign(new Error('forward failed'), { cause: error }));

    expect(error.code).toBe(CONNECT_TIMEOUT);
    expect(answer).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
  });
});
