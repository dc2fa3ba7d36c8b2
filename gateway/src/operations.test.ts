import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Platform, ServiceModule } from '@talkwith/platform';
import { currentRequestId } from '@talkwith/platform/http';
import { buildServiceApp, closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';
import { startTestGateway, TEST_ADMIN_PREFIX, type TestGateway } from './test-gateway.ts';
import { forwardClientAddress, type Upstreams } from './upstreams.ts';

const TOKEN = 'gateway-metrics-token-0123456789';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function standalone(): Promise<TestGateway> {
  const gw = await startTestGateway({ METRICS_TOKEN: TOKEN });
  stops.push(() => gw.close());
  return gw;
}

describe('gateway metrics (standalone: one registry for every service)', () => {
  it('metrics, requests to two services and the gateway, are labelled by the service that answered', async () => {
    const gw = await standalone();
    await gw.app.inject({ method: 'GET', url: '/api/characters' });
    await gw.app.inject({ method: 'GET', url: '/healthz' });
    const res = await gw.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'talkwith_http_requests_total{service="catalog",method="GET",route="/api/characters",status_class="2xx"} 1',
    );
    expect(res.body).toContain(
      'talkwith_http_requests_total{service="gateway",method="GET",route="/healthz",status_class="2xx"} 1',
    );
    expect(res.body).toMatch(/talkwith_event_consumer_lag\{group="[^"]+"\} \d+/);
  });

  it('metrics, under the API or the secret admin prefix, is not served', async () => {
    const gw = await standalone();
    for (const url of ['/api/metrics', `/api/${TEST_ADMIN_PREFIX}/metrics`]) {
      const res = await gw.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
      // Refused (the edge takes the bearer for a JWT) or not found: never the metrics.
      expect([401, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('talkwith_http_requests_total');
    }
  });

  it('metrics, without the token, answers 401 and shows nothing', async () => {
    const gw = await standalone();
    const res = await gw.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });
});

/** A service that answers with the request id it runs under (distributed mode, behind the gateway's proxy). */
const echoService: ServiceModule = {
  name: 'identity',
  prefixes: ['/api/echo'],
  plugin: async (app) => {
    app.get('/api/echo', async (request) => ({ id: request.id, context: currentRequestId() ?? null }));
  },
};

async function echoBehindGateway(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'request-id-'));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    JWT_SECRET: 'request-id-test-secret-0123456789-abcdef',
    ADMIN_PATH_PREFIX: 'secret-admin-rid',
  };
  const config = loadPlatformConfig(env);
  const platforms: Platform[] = [
    await createPlatform(config, { serviceName: 'identity' }),
    await createPlatform(config, { serviceName: 'gateway' }),
  ];
  const service: FastifyInstance = await buildServiceApp(echoService, platforms[0]!, config, env);
  const upstreams = { identity: await service.listen({ port: 0, host: '127.0.0.1' }) } as Upstreams;
  const gateway = await buildGateway({
    config,
    env,
    platform: platforms[1]!,
    services: [echoService],
    upstreams,
    webDist: join(dir, 'none'),
  });
  const url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  stops.push(async () => {
    await gateway.close();
    await service.close();
    for (const p of platforms) await closePlatform(p);
    await rm(dir, { recursive: true, force: true });
  });
  return url;
}

describe('request ids from the gateway to the services', () => {
  it('proxied request, no id from the client, the service runs under the id the gateway answered with', async () => {
    const url = await echoBehindGateway();
    const res = await fetch(`${url}/api/echo`);
    const body = (await res.json()) as { id: string; context: string };
    expect(body.id).toBe(res.headers.get('x-request-id'));
    expect(body.context).toBe(body.id);
  });

  it('forwardClientAddress, client headers with its own ids, sends the gateway request id and address', () => {
    const headers = forwardClientAddress(
      { ip: '203.0.113.9', id: 'gw-req-7' },
      { 'x-request-id': 'client-made', 'x-forwarded-for': '10.0.0.1' },
    );
    expect(headers).toMatchObject({ 'x-request-id': 'gw-req-7', 'x-forwarded-for': '203.0.113.9' });
  });
});
