import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Platform } from '@talkwith/platform';
import { identityService } from '@talkwith/identity';
import { buildServiceApp, closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';
import type { Upstreams } from './upstreams.ts';

/**
 * Distributed mode: the identity service runs behind the gateway's proxy. The
 * address it rate-limits log-ins by must be the one the gateway resolved, never
 * an X-Forwarded-For the client wrote itself.
 */
const started: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of started.splice(0).reverse()) await stop();
});

async function identityBehindGateway(env: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dist-xff-'));
  const fullEnv = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    LOGIN_MAX_FAILURES: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
    JWT_SECRET: 'forwarding-test-secret-0123456789-abcdef',
    ADMIN_PATH_PREFIX: 'secret-admin-xff',
    ...env,
  };
  const config = loadPlatformConfig(fullEnv);
  const platforms: Platform[] = [
    await createPlatform(config, { serviceName: 'identity' }),
    await createPlatform(config, { serviceName: 'gateway' }),
  ];
  const service: FastifyInstance = await buildServiceApp(identityService, platforms[0]!, config, fullEnv);
  const upstreams = { identity: await service.listen({ port: 0, host: '127.0.0.1' }) } as Upstreams;
  const gateway = await buildGateway({
    config,
    env: fullEnv,
    platform: platforms[1]!,
    services: [identityService],
    upstreams,
    webDist: join(dir, 'none'),
  });
  const url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  started.push(async () => {
    await gateway.close();
    await service.close();
    for (const p of platforms) await closePlatform(p);
    await rm(dir, { recursive: true, force: true });
  });
  return url;
}

let n = 0;
const failLogin = (url: string, forwardedFor: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ username: `nobody${++n}-${Date.now()}@example.jp`, password: 'wrong1234' }),
  });

describe('distributed gateway, X-Forwarded-For towards services', () => {
  it('login limit, no trusted proxy and a forged header each time, the service still limits the real address', async () => {
    const url = await identityBehindGateway({});
    for (let i = 0; i < 3; i++) expect((await failLogin(url, `10.0.0.${i}`)).status).toBe(401);
    const res = await failLogin(url, '10.9.9.9');
    expect(res.status).toBe(429);
  });

  it('login limit, one trusted ingress hop, the service limits the client the ingress saw and no other', async () => {
    const url = await identityBehindGateway({ TRUST_PROXY_HOPS: '1' });
    for (let i = 0; i < 3; i++) await failLogin(url, `10.0.0.${i}, 198.51.100.20`);
    const sameClient = await failLogin(url, '10.7.7.7, 198.51.100.20');
    const otherClient = await failLogin(url, '198.51.100.21');
    expect(sameClient.status).toBe(429);
    expect(otherClient.status).toBe(401);
  });
});
