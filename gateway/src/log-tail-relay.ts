import websocket from '@fastify/websocket';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { LOG_TAIL_MAX_FRAME_BYTES, LOG_TAIL_PATH } from '@talkwith/proto/logging';

/** Close codes a WebSocket may send on (1005, 1006 and 1015 only describe a closure). */
const sendableCode = (code: number): number => (code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999) ? code : 1011);

/** One console socket relayed to the logging service's tail: the start frame up, entry frames down, closed together. */
function relayTail(client: WebSocket, target: string, clientAddress: string): void {
  const upstream = new WebSocket(target, { headers: { 'x-forwarded-for': clientAddress }, perMessageDeflate: false });
  let pending: string | null = null;
  client.on('message', (data) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(String(data));
    else if (upstream.readyState === WebSocket.CONNECTING && pending === null) pending = String(data);
    else client.close(1013, 'upstream not ready');
  });
  upstream.on('open', () => { if (pending !== null) upstream.send(pending); });
  upstream.on('message', (data) => { if (client.readyState === WebSocket.OPEN) client.send(String(data)); });
  upstream.on('close', (code, reason) => { if (client.readyState <= WebSocket.OPEN) client.close(sendableCode(code), reason); });
  upstream.on('error', () => client.close(1011, 'upstream failed'));
  client.on('close', () => { if (upstream.readyState <= WebSocket.OPEN) upstream.terminate(); });
}

/**
 * Distributed mode: the logging service's live tail (LOG_TAIL_PATH, reached
 * at /api/<ADMIN_PATH_PREFIX>/logs/tail through the admin rewrite like every
 * admin route), relayed. Its own scope's @fastify/websocket listens on a
 * server that never starts when the gateway's socket already listens for
 * upgrades (see sttRelay in upstreams.ts).
 */
export async function logTailRelay(app: FastifyInstance, options: { upstream: string }): Promise<void> {
  const shared = app.server.listenerCount('upgrade') > 0;
  await app.register(websocket, { options: { maxPayload: LOG_TAIL_MAX_FRAME_BYTES, perMessageDeflate: false, ...(shared ? { server: createServer() } : {}) } });
  const target = `${options.upstream.replace(/^http/, 'ws').replace(/\/+$/, '')}${LOG_TAIL_PATH}`;
  app.get(LOG_TAIL_PATH, {
    websocket: true,
    schema: { tags: ['logging', 'admin'], summary: 'WebSocket: live tail of new log entries, relayed to the logging service (its API.md)' },
  }, (socket, request) => relayTail(socket, target, request.ip));
}
