import { once } from 'node:events';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { ServiceModule } from '@talkwith/platform';
import { STT_PATH } from '@talkwith/proto/dialogue';
import { proxyRoutes, type Upstreams } from './upstreams.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** The dialogue service's socket as the relay sees it: echoes each frame with its kind, remembers the forwarded address. */
async function fakeDialogue(): Promise<{ url: string; forwardedFor: string[]; sockets: WebSocket[] }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', path: STT_PATH });
  await once(server, 'listening');
  const forwardedFor: string[] = [];
  const sockets: WebSocket[] = [];
  server.on('connection', (socket, request) => {
    forwardedFor.push(String(request.headers['x-forwarded-for']));
    sockets.push(socket);
    socket.on('message', (data: RawData, isBinary) => socket.send(`${isBinary ? 'binary' : 'text'}:${String(data)}`));
  });
  cleanups.push(async () => {
    for (const s of server.clients) s.terminate();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, forwardedFor, sockets };
}

/** The gateway's arrangement in distributed mode: its own socket scope first (app.ts), then the proxies. */
async function gateway(dialogueUrl: string): Promise<string> {
  const app: FastifyInstance = Fastify();
  await app.register(async (scope) => {
    await scope.register(websocket);
    scope.get('/api/socketio/new', { websocket: true }, (socket) => {
      socket.on('message', () => socket.send('gateway-socket'));
    });
  });
  const dialogue: ServiceModule = { name: 'dialogue', prefixes: ['/api/dialogue'], plugin: async () => undefined };
  await app.register(proxyRoutes, { services: [dialogue], upstreams: { dialogue: dialogueUrl } as Upstreams });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  return url.replace(/^http/, 'ws');
}

async function open(url: string): Promise<{ socket: WebSocket; next(): Promise<string> }> {
  const socket = new WebSocket(url);
  const received: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  socket.on('message', (data) => {
    const text = String(data);
    const w = waiting.shift();
    if (w) w(text);
    else received.push(text);
  });
  await once(socket, 'open');
  return {
    socket,
    next: () =>
      received.length > 0 ? Promise.resolve(received.shift()!) : new Promise((resolve) => waiting.push(resolve)),
  };
}

describe('distributed gateway, the speech-to-text socket relay', () => {
  it('sttRelay, text and binary frames, reach the dialogue service as they were sent and the answers come back', async () => {
    const dialogue = await fakeDialogue();
    const base = await gateway(dialogue.url);
    const client = await open(`${base}${STT_PATH}`);

    client.socket.send(JSON.stringify({ type: 'stop' }));
    expect(await client.next()).toBe('text:{"type":"stop"}');
    client.socket.send(Buffer.from('opus'), { binary: true });
    expect(await client.next()).toBe('binary:opus');
    expect(dialogue.forwardedFor).toEqual(['127.0.0.1']);
    client.socket.close();
  });

  it("sttRelay, beside the gateway's own socket, leaves that socket working (each upgrade handled once)", async () => {
    const dialogue = await fakeDialogue();
    const base = await gateway(dialogue.url);

    const own = await open(`${base}/api/socketio/new`);
    own.socket.send('hi');

    expect(await own.next()).toBe('gateway-socket');
    expect(dialogue.sockets).toHaveLength(0);
    own.socket.close();
  });

  it("sttRelay, the dialogue service closes its socket, closes the browser's with the same code", async () => {
    const dialogue = await fakeDialogue();
    const base = await gateway(dialogue.url);
    const client = await open(`${base}${STT_PATH}`);
    client.socket.send('x');
    await client.next();

    dialogue.sockets[0]?.close(1008, 'NO_STREAM');
    const [code] = (await once(client.socket, 'close')) as [number];

    expect(code).toBe(1008);
  });

  it("sttRelay, the dialogue service unreachable, closes the browser's socket", async () => {
    const base = await gateway('http://127.0.0.1:9');
    const client = await open(`${base}${STT_PATH}`);

    const [code] = (await once(client.socket, 'close')) as [number];

    expect(code).toBe(1011);
  });
});
