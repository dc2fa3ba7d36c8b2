import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform, ServiceModule } from '@talkwith/platform';
import { billingService } from '@talkwith/billing';
import { dialogueService } from '@talkwith/dialogue';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';
import type { Upstreams } from './upstreams.ts';

/**
 * Distributed mode: dialogue owns the user album under billing's
 * /api/admin/full/users (a parametric prefix); the proxy must send that one
 * path to dialogue and every other path under the prefix to billing.
 */
const servers: Server[] = [];
let gatewayUrl = '';
let stop: () => Promise<void> = async () => undefined;

function echo(name: string): Promise<string> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ service: name, url: req.url }));
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
}

const stub = (service: ServiceModule): ServiceModule => ({
  name: service.name,
  prefixes: service.prefixes,
  plugin: async () => undefined,
});

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'param-prefix-'));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    JWT_SECRET: 'param-prefix-test-secret-0123456789-abc',
    ADMIN_PATH_PREFIX: 'secret-param',
  };
  const config = loadPlatformConfig(env);
  const platform: Platform = await createPlatform(config, { serviceName: 'gateway' });
  const upstreams = { billing: await echo('billing'), dialogue: await echo('dialogue') } as Upstreams;
  const gateway = await buildGateway({
    config,
    env,
    platform,
    services: [stub(billingService), stub(dialogueService)],
    upstreams,
    webDist: join(dir, 'none'),
  });
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  stop = async () => {
    await gateway.close();
    for (const server of servers) server.close();
    await closePlatform(platform);
    await rm(dir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await stop();
});

const where = async (path: string) =>
  (await fetch(`${gatewayUrl}/api/secret-param/${path}`)).json() as Promise<{ service: string; url: string }>;

describe("distributed gateway, a parametric prefix inside another service's prefix", () => {
  it('full/users/{id}/{character_id}/album, proxied, reaches dialogue with the path and query as sent', async () => {
    expect(await where('full/users/u-1/c-1/album?x=1')).toEqual({
      service: 'dialogue',
      url: '/api/admin/full/users/u-1/c-1/album?x=1',
    });
  });

  it('full/users, full/users/{id} and full/users/{id}/purchases, proxied, still reach billing', async () => {
    expect(await where('full/users?page=2')).toEqual({ service: 'billing', url: '/api/admin/full/users?page=2' });
    expect(await where('full/users/u-1')).toEqual({ service: 'billing', url: '/api/admin/full/users/u-1' });
    expect(await where('full/users/u-1/purchases')).toEqual({
      service: 'billing',
      url: '/api/admin/full/users/u-1/purchases',
    });
    expect(await where('full/users/u-1/talk_tickets/remove')).toEqual({
      service: 'billing',
      url: '/api/admin/full/users/u-1/talk_tickets/remove',
    });
  });

  it('users_content/{id}, proxied, reaches dialogue', async () => {
    expect(
      await fetch(`${gatewayUrl}/api/secret-param/users_content/u-1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.json()),
    ).toEqual({ service: 'dialogue', url: '/api/admin/users_content/u-1' });
  });
});
