import websocket from '@fastify/websocket';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { WebSocket, type RawData } from 'ws';

/** Frames a client may send before the service's socket is open (a start frame and the first audio chunks). */
const MAX_PENDING_FRAMES = 64;
/** Close codes a WebSocket may send on (1005, 1006 and 1015 only describe a closure). */
const sendableCode = (code: number): number =>
  code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999)
    ? code
    : 1011;

/** One browser socket relayed to a service's: frames both ways as they are (binary stays binary), closed together. */
function relaySocket(client: WebSocket, target: string, request: { ip: string; id: string }, maxPayload: number): void {
  const headers = { 'x-forwarded-for': request.ip, 'x-request-id': request.id };
  const upstream = new WebSocket(target, { headers, perMessageDeflate: false, maxPayload });
  const pending: [RawData, boolean][] = [];
  client.on('message', (data, isBinary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
    else if (upstream.readyState === WebSocket.CONNECTING && pending.length < MAX_PENDING_FRAMES)
      pending.push([data, isBinary]);
    else client.close(1013, 'upstream not ready');
  });
  upstream.on('open', () => {
    for (const [data, isBinary] of pending.splice(0)) upstream.send(data, { binary: isBinary });
  });
  upstream.on('message', (data, isBinary) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  upstream.on('close', (code, reason) => {
    if (client.readyState <= WebSocket.OPEN) client.close(sendableCode(code), reason);
  });
  upstream.on('error', () => client.close(1011, 'upstream failed'));
  client.on('close', () => {
    if (upstream.readyState <= WebSocket.OPEN) upstream.terminate();
  });
}

export interface WebSocketRelayOptions {
  /** The service's base URL (http…); the socket is opened at the same path there. */
  upstream: string;
  path: string;
  maxPayload: number;
  tags: string[];
  summary: string;
}

/**
 * Distributed mode: a service's own WebSocket (the dialogue service's
 * speech-to-text, the logging service's live tail), relayed. Not through
 * @fastify/http-proxy's websocket option: the gateway's own @fastify/websocket
 * (app.ts, /api/socketio/new) routes every upgrade already, so a second
 * upgrade listener would route each one twice. This scope's plugin therefore
 * listens on a server that never starts and only upgrades what the router
 * hands to the route below.
 */
export async function websocketRelay(app: FastifyInstance, options: WebSocketRelayOptions): Promise<void> {
  const shared = app.server.listenerCount('upgrade') > 0;
  await app.register(websocket, {
    options: {
      maxPayload: options.maxPayload,
      perMessageDeflate: false,
      ...(shared ? { server: createServer() } : {}),
    },
  });
  const target = `${options.upstream.replace(/^http/, 'ws').replace(/\/+$/, '')}${options.path}`;
  app.get(
    options.path,
    {
      websocket: true,
      schema: { tags: options.tags, summary: options.summary },
    },
    (socket, request) => relaySocket(socket, target, request, options.maxPayload),
  );
}
