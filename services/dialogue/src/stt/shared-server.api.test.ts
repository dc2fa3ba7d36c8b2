import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ensureJwt } from '@talkwith/platform/http';
import { createPlatform, closePlatform, loadPlatformConfig, TEST_CREDENTIALS } from '@talkwith/platform/platform';
import { credentialCipherFrom } from '@talkwith/platform/secrets';
import type { Platform } from '@talkwith/platform';
import { STT_PATH } from '@talkwith/proto/dialogue';
import { sttConfigFrom } from './config.ts';
import { sttRoutes } from './routes.ts';
import { openStt } from './test-kit.ts';

let app: FastifyInstance | null = null;
let platform: Platform | null = null;
let dir: string | null = null;
afterEach(async () => {
  await app?.close();
  if (platform) await closePlatform(platform);
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
  app = null;
  platform = null;
});

/**
 * Standalone mode: the gateway registers @fastify/websocket in a scope of its
 * own for /api/socketio/new before it mounts the services (gateway/src/app.ts).
 * The stt routes then must not add a second upgrade listener, and both
 * sockets must work on the one server.
 */
describe("stt routes mounted beside the gateway's socket", () => {
  it("shared server, the gateway's socket registered first, upgrades both sockets once each", async () => {
    dir = await mkdtemp(join(tmpdir(), 'stt-shared-'));
    platform = await createPlatform(loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
    const server = Fastify();
    app = server;
    await ensureJwt(server, 'shared-server-test-secret-0123456789');
    await server.register(async (scope) => {
      await scope.register(websocket);
      scope.get('/api/socketio/new', { websocket: true }, (socket) => {
        socket.on('message', (data) => socket.send(`echo:${String(data)}`));
      });
    });
    await server.register(sttRoutes, {
      platform,
      limits: sttConfigFrom({ STT_INTERIM_MS: 0 }),
      credentials: credentialCipherFrom(TEST_CREDENTIALS),
    });
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    const base = address.replace(/^http/, 'ws');

    expect(server.server.listenerCount('upgrade')).toBe(1);
    const gatewaySocket = new WebSocket(`${base}/api/socketio/new`);
    await once(gatewaySocket, 'open');
    gatewaySocket.send('hi');
    const [echo] = (await once(gatewaySocket, 'message')) as [Buffer];
    expect(String(echo)).toBe('echo:hi');
    const stt = await openStt(`${base}${STT_PATH}`);
    stt.send({
      type: 'start',
      token: 'not.a.token',
      character_id: 'c1',
      encoding: 'WEBM_OPUS',
      sample_rate_hertz: 48000,
    });
    expect(await stt.next()).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
    gatewaySocket.close();
  });
});
