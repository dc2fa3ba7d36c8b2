import { once } from 'node:events';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { ServiceModule } from '@talkwith/platform';
import { LOG_TAIL_PATH } from '@talkwith/proto/logging';
import { startTestGateway, TEST_ADMIN_PREFIX } from './test-gateway.ts';
import { proxyRoutes, type Upstreams } from './upstreams.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** The logging service's tail as the relay sees it: answers each frame with what it received. */
async function fakeLogging(): Promise<string> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', path: LOG_TAIL_PATH });
  await once(server, 'listening');
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo:${String(data)}`)));
  cleanups.push(async () => {
    for (const s of server.clients) s.terminate();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

async function firstMessage(url: string, send: string): Promise<{ text?: string; status?: number }> {
  const socket = new WebSocket(url);
  const outcome = new Promise<{ text?: string; status?: number }>((resolve) => {
    socket.on('message', (data) => resolve({ text: String(data) }));
    socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
  });
  socket.on('open', () => socket.send(send));
  socket.on('error', () => undefined);
  const result = await outcome;
  socket.terminate();
  return result;
}

describe('live tail at the gateway', () => {
  it('distributed gateway, a tail socket, is relayed to the logging service both ways', async () => {
    const app: FastifyInstance = Fastify();
    await app.register(async (scope) => {
      await scope.register(websocket);
      scope.get('/api/socketio/new', { websocket: true }, () => undefined);
    });
    const logging: ServiceModule = {
      name: 'logging',
      prefixes: ['/api/logging', '/api/admin/logs'],
      plugin: async () => undefined,
    };
    await app.register(proxyRoutes, { services: [logging], upstreams: { logging: await fakeLogging() } as Upstreams });
    const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    cleanups.push(() => app.close());

    expect(await firstMessage(`${url}${LOG_TAIL_PATH}`, '{"type":"start"}')).toEqual({ text: 'echo:{"type":"start"}' });
  });

  it('standalone gateway, the tail under the secret prefix answers and /api/admin/logs/tail is 404', async () => {
    const gw = await startTestGateway();
    cleanups.push(() => gw.close());
    const url = (await gw.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');

    const hidden = await gw.app.inject({
      method: 'GET',
      url: '/api/admin/logs/tail',
      headers: { connection: 'upgrade', upgrade: 'websocket' },
    });
    const reached = await firstMessage(
      `${url}/api/${TEST_ADMIN_PREFIX}/logs/tail`,
      JSON.stringify({ type: 'start', token: gw.tokenFor('u1') }),
    );

    expect(hidden.statusCode).toBe(404);
    expect(JSON.parse(reached.text ?? '{}')).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
  });
});
