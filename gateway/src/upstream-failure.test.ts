import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { identityService } from '@talkwith/identity';
import { messages } from '@talkwith/platform/http';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';
import type { Upstreams } from './upstreams.ts';

/** Distributed mode, the service process gone or dying: what the gateway answers instead of the service. */
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The gateway with identity's routes proxied to `upstream`. */
async function gatewayTowards(upstream: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'upstream-failure-'));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    JWT_SECRET: 'upstream-failure-secret-0123456789-abcdef',
    ADMIN_PATH_PREFIX: 'secret-admin-uf',
  };
  const config = loadPlatformConfig(env);
  const platform = await createPlatform(config, { serviceName: 'gateway' });
  const gateway = await buildGateway({
    config,
    env,
    platform,
    services: [identityService],
    upstreams: { identity: upstream } as Upstreams,
    webDist: join(dir, 'none'),
  });
  const url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  stops.push(async () => {
    await gateway.close();
    await closePlatform(platform);
    await rm(dir, { recursive: true, force: true });
  });
  return url;
}

const login = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'a@example.jp', password: 'whatever1' }),
  });

describe('gateway, a service that cannot answer', () => {
  it('forward, the service dropping the connection mid-request, is a 502 BAD_GATEWAY in the error shape', async () => {
    const dying = await listen(createServer((request) => request.socket.destroy()));
    const res = await login(await gatewayTowards(dying));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      ok: false,
      code: 'BAD_GATEWAY',
      message: 'サーバーエラーが発生しました。しばらくしてから再度お試しください。',
    });
  });

  it('read, its kept-alive connection reset by a service going down, is sent once more and answered', async () => {
    let seen = 0;
    const draining = await listen(
      createServer((request, response) => {
        if (request.url === '/api/identity/healthz') seen += 1;
        if (seen === 1)
          request.socket.destroy(); // closed as the read arrived: the service never answered it
        else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }),
    );

    const res = await fetch(`${await gatewayTowards(draining)}/api/identity/healthz`);

    expect(res.status).toBe(200);
    expect(seen).toBe(2);
  });

  it('write, its connection reset, is not sent again (its outcome is unknown): a 502 after one attempt', async () => {
    let seen = 0;
    const dying = await listen(
      createServer((request) => {
        if (request.url === '/api/auth/login') seen += 1;
        request.socket.destroy();
      }),
    );

    const res = await login(await gatewayTowards(dying));

    expect(res.status).toBe(502);
    expect(seen).toBe(1);
  });

  it('read, answered 503 by a draining service, is passed on at once, not retried', async () => {
    let seen = 0;
    const draining = await listen(
      createServer((request, response) => {
        if (request.url === '/api/identity/healthz') seen += 1;
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"ok":false}');
      }),
    );

    const res = await fetch(`${await gatewayTowards(draining)}/api/identity/healthz`);

    expect(res.status).toBe(503);
    expect(seen).toBe(1);
  });

  it('forward, nothing listening at the service address, is a 503 UNAVAILABLE saying to try again shortly', async () => {
    const gone = await listen(createServer());
    const closed = stops.pop()!;
    await closed();
    const res = await login(await gatewayTowards(gone));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, code: 'UNAVAILABLE', message: messages.unavailable });
  });
});
