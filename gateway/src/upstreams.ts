import httpProxy from '@fastify/http-proxy';
import websocket from '@fastify/websocket';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import type { ServiceModule, ServiceName } from '@talkwith/platform';
import { logTailRelay } from './log-tail-relay.ts';
import { STT_MAX_FRAME_BYTES, STT_PATH } from '@talkwith/proto/dialogue';

export type Upstreams = Record<ServiceName, string>;

/**
 * The client address as the gateway resolved it (through TRUST_PROXY_HOPS),
 * sent on as the only X-Forwarded-For entry: whatever the client wrote there
 * itself must not reach a service, which believes exactly one hop, ours.
 * The gateway's request id goes along, so the service's log lines and the
 * events it publishes carry the same id as the gateway's.
 */
export function forwardClientAddress(request: { ip: string; id: string }, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return { ...headers, 'x-forwarded-for': request.ip, 'x-request-id': request.id };
}

/** Distributed mode: every prefix a service owns is proxied to that service's process. */
export async function proxyRoutes(app: FastifyInstance, options: { services: ServiceModule[]; upstreams: Upstreams }): Promise<void> {
  for (const service of options.services) {
    const upstream = options.upstreams[service.name];
    if (service.name === 'dialogue') await app.register(sttRelay, { upstream });
    if (service.name === 'logging') await app.register(logTailRelay, { upstream });
    for (const prefix of service.prefixes) {
      await app.register(httpProxy, {
        upstream, prefix, rewritePrefix: prefix, http: { requestOptions: { timeout: 30_000 } },
        replyOptions: { rewriteRequestHeaders: forwardClientAddress },
      });
    }
  }
}

/** Frames a client may send before the dialogue service's socket is open (a start frame and the first audio chunks). */
const MAX_PENDING_FRAMES = 64;
/** Close codes a WebSocket may send on (1005, 1006 and 1015 only describe a closure). */
const sendableCode = (code: number): number => (code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999) ? code : 1011);

/** One browser socket relayed to the dialogue service's: frames both ways as they are (binary audio stays binary), closed together. */
function relaySocket(client: WebSocket, target: string, request: { ip: string; id: string }): void {
  const headers = { 'x-forwarded-for': request.ip, 'x-request-id': request.id };
  const upstream = new WebSocket(target, { headers, perMessageDeflate: false, maxPayload: STT_MAX_FRAME_BYTES });
  const pending: [RawData, boolean][] = [];
  client.on('message', (data, isBinary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
    else if (upstream.readyState === WebSocket.CONNECTING && pending.length < MAX_PENDING_FRAMES) pending.push([data, isBinary]);
    else client.close(1013, 'upstream not ready');
  });
  upstream.on('open', () => { for (const [data, isBinary] of pending.splice(0)) upstream.send(data, { binary: isBinary }); });
  upstream.on('message', (data, isBinary) => { if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary }); });
  upstream.on('close', (code, reason) => { if (client.readyState <= WebSocket.OPEN) client.close(sendableCode(code), reason); });
  upstream.on('error', () => client.close(1011, 'upstream failed'));
  client.on('close', () => { if (upstream.readyState <= WebSocket.OPEN) upstream.terminate(); });
}

/**
 * Distributed mode: the dialogue service's speech-to-text WebSocket
 * (STT_PATH), relayed. Not through @fastify/http-proxy's websocket option: the
 * gateway's own @fastify/websocket (app.ts, /api/socketio/new) routes every
 * upgrade already, so a second upgrade listener would route each one twice.
 * This scope's plugin therefore listens on a server that never starts and
 * only upgrades what the router hands to the route below.
 */
export async function sttRelay(app: FastifyInstance, options: { upstream: string }): Promise<void> {
  const shared = app.server.listenerCount('upgrade') > 0;
  await app.register(websocket, { options: { maxPayload: STT_MAX_FRAME_BYTES, perMessageDeflate: false, ...(shared ? { server: createServer() } : {}) } });
  const target = `${options.upstream.replace(/^http/, 'ws').replace(/\/+$/, '')}${STT_PATH}`;
  app.get(STT_PATH, {
    websocket: true,
    schema: { tags: ['dialogue'], summary: 'WebSocket: server speech-to-text, relayed to the dialogue service (its API.md)' },
  }, (socket, request) => relaySocket(socket, target, request));
}

/** Each service's own /readyz, as readiness checks named after the service. */
export function upstreamChecks(upstreams: Upstreams, timeoutMs = 2000): () => Promise<Record<string, string>> {
  return async () => {
    const entries = await Promise.all(Object.entries(upstreams).map(async ([name, base]) => {
      try {
        const response = await fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(timeoutMs) });
        return [name, response.ok ? 'ok' : `readyz answered ${response.status}`] as const;
      } catch (err) {
        return [name, (err as Error).message] as const;
      }
    }));
    return Object.fromEntries(entries);
  };
}
