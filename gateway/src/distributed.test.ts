import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '@talkwith/platform';
import { loggingService } from '@talkwith/logging';
import { buildServiceApp, closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { startRedisServer } from '@talkwith/platform/testing';
import { buildGateway } from './app.ts';
import type { Upstreams } from './upstreams.ts';

/** Distributed mode in one test process: the logging service on its own server, the gateway proxying to it, Redis Streams between. */
const SECRET = 'distributed-test-secret-0123456789-abcdef';
const PREFIX = 'secret-admin-dist';
let redis: Awaited<ReturnType<typeof startRedisServer>>;
let dir: string;
let service: FastifyInstance;
let gateway: FastifyInstance;
const platforms: Platform[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  dir = await mkdtemp(join(tmpdir(), 'distributed-'));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: SECRET,
    ADMIN_PATH_PREFIX: PREFIX,
    BUS_URL: redis.url,
    CACHE_URL: redis.url,
    HOST: '127.0.0.1',
  };
  const config = loadPlatformConfig(env);
  const servicePlatform = await createPlatform(config, { serviceName: 'logging' });
  const gatewayPlatform = await createPlatform(config, { serviceName: 'gateway' });
  platforms.push(servicePlatform, gatewayPlatform);
  service = await buildServiceApp(loggingService, servicePlatform, config, env);
  const serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' });
  const upstreams = { logging: serviceUrl } as Upstreams;
  gateway = await buildGateway({
    config,
    env,
    platform: gatewayPlatform,
    services: [loggingService],
    upstreams,
    webDist: join(dir, 'none'),
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
  for (const p of platforms) await closePlatform(p);
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

const admin = () => ({
  authorization: `Bearer ${gateway.jwt.sign({ sub: 'admin-1', roles: ['admin'] })}`,
  'content-type': 'application/json',
});

describe('distributed gateway', () => {
  it('distributed gateway, WebSocket log, reaches the logging process over Redis and is queryable through the proxy', async () => {
    const base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/socketio/new`, { headers: { origin: base } });
    await once(socket, 'open');
    socket.send(
      JSON.stringify({ event: 'auth', data: { token: gateway.jwt.sign({ sub: 'dist-user', roles: ['customer'] }) } }),
    );
    socket.send(JSON.stringify({ event: 'log', data: { type: 'play' } }));
    const logs = await eventually(async () => {
      const res = await fetch(`${base}/api/${PREFIX}/logs/filter`, {
        method: 'POST',
        headers: admin(),
        body: JSON.stringify({ user_id: 'dist-user' }),
      });
      const body = (await res.json()) as { logs?: unknown[] };
      return body.logs?.length ? body.logs : undefined;
    });
    socket.close();
    expect(logs[0]).toMatchObject({ source: 'client', type: 'play', user_id: 'dist-user' });
  });

  it('distributed gateway, malformed JSON, is answered 400 by the service through the proxy', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: `/api/${PREFIX}/logs/filter`,
      headers: admin(),
      payload: '{"type":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'MALFORMED_JSON' });
  });

  it('distributed gateway, /readyz, is "can route": each service\'s circuit reported, neither the services nor Redis asked', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, checks: { 'upstream:logging': 'circuit closed' } });
  });

  it('distributed gateway, /api/docs, merges the service routes', async () => {
    const paths = await eventually(async () => {
      const doc = (await gateway.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, unknown>;
      };
      return doc.paths['/api/admin/logs/filter'] ? doc.paths : undefined;
    });
    expect(paths['/healthz']).toBeDefined();
  });
});
