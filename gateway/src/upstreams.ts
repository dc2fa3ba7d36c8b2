import httpProxy from '@fastify/http-proxy';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError, type ServiceModule, type ServiceName } from '@talkwith/platform';
import { messages } from '@talkwith/platform/http';
import { STT_MAX_FRAME_BYTES, STT_PATH } from '@talkwith/proto/dialogue';
import { LOG_TAIL_MAX_FRAME_BYTES, LOG_TAIL_PATH } from '@talkwith/proto/logging';
import {
  CONNECT_TIMEOUT,
  UPSTREAM_TIMEOUTS,
  UpstreamBreaker,
  connectTimeoutAgents,
  serviceUnavailable,
  type Forward,
} from './upstream-breaker.ts';
import { websocketRelay } from './websocket-relay.ts';

export type Upstreams = Record<ServiceName, string>;

/**
 * The client address as the gateway resolved it (through TRUST_PROXY_HOPS),
 * sent on as the only X-Forwarded-For entry: whatever the client wrote there
 * itself must not reach a service, which believes exactly one hop, ours.
 * The gateway's request id goes along, so the service's log lines and the
 * events it publishes carry the same id as the gateway's.
 */
export function forwardClientAddress(
  request: { ip: string; id: string },
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  return { ...headers, 'x-forwarded-for': request.ip, 'x-request-id': request.id };
}

/**
 * A failed forward as the client sees it. Nothing reached the service
 * (refused: it is down or restarting) → 503; it dropped the connection before
 * answering (killed mid-request) → 502, the outcome unknown, so the same call
 * with the same Idempotency-Key may be sent again; no answer in time → 504.
 * reply-from's own mapping made the first two a 500 INTERNAL, which reads as
 * a bug in the service rather than "try again". No connection within the
 * connect time-out is "nothing reached the service" too.
 */
export function upstreamFailure(error: Error & { statusCode?: number; cause?: unknown }): AppError {
  const causeCode = (error.cause as { code?: unknown } | undefined)?.code;
  if (error.statusCode === 503 || causeCode === 'ECONNREFUSED' || causeCode === CONNECT_TIMEOUT)
    return serviceUnavailable(error);
  if (error.statusCode === 504) return new AppError('GATEWAY_TIMEOUT', messages.internal, { cause: error });
  return new AppError('BAD_GATEWAY', messages.internal, { cause: error });
}

/** How many times a GET or HEAD whose connection was reset is sent again (reply-from's `retriesCount`). */
export const SAFE_READ_RETRIES = 1;

/** One circuit breaker per service (upstream-breaker.ts): its routes fail fast while it is down, the others' do not. */
export type Breakers = Record<ServiceName, UpstreamBreaker>;

export function upstreamBreakers(upstreams: Upstreams): Breakers {
  return Object.fromEntries(Object.keys(upstreams).map((name) => [name, new UpstreamBreaker(name)])) as Breakers;
}

/** The admitted forward of each proxied response, until its outcome is reported. */
const forwards = new WeakMap<object, Forward>();

/**
 * Distributed mode: every prefix a service owns is proxied to that service's
 * process, through the service's breaker, with the connect and answer time-outs.
 */
export async function proxyRoutes(
  app: FastifyInstance,
  options: { services: ServiceModule[]; upstreams: Upstreams; breakers?: Breakers },
): Promise<void> {
  const breakers = options.breakers ?? upstreamBreakers(options.upstreams);
  for (const service of options.services) {
    const upstream = options.upstreams[service.name];
    const breaker = breakers[service.name];
    if (service.name === 'dialogue') {
      await app.register(websocketRelay, {
        upstream,
        path: STT_PATH,
        maxPayload: STT_MAX_FRAME_BYTES,
        tags: ['dialogue'],
        summary: 'WebSocket: server speech-to-text, relayed to the dialogue service (its API.md)',
      });
    }
    if (service.name === 'logging') {
      // Reached at /api/<ADMIN_PATH_PREFIX>/logs/tail through the admin rewrite, like every admin route.
      await app.register(websocketRelay, {
        upstream,
        path: LOG_TAIL_PATH,
        maxPayload: LOG_TAIL_MAX_FRAME_BYTES,
        tags: ['logging', 'admin'],
        summary: 'WebSocket: live tail of new log entries, relayed to the logging service (its API.md)',
      });
    }
    for (const prefix of service.prefixes) {
      await app.register(httpProxy, {
        upstream,
        prefix,
        rewritePrefix: prefix,
        http: {
          agents: connectTimeoutAgents(UPSTREAM_TIMEOUTS.connectMs),
          requestOptions: { timeout: UPSTREAM_TIMEOUTS.answerMs },
        },
        preHandler: (_request, reply, done) => {
          try {
            const forward = breaker.admit();
            forwards.set(reply.raw, forward);
            // Closed after an answer (or the client leaving): the service answered. A failure reported before wins.
            reply.raw.once('close', () => forward.answered());
            done();
          } catch (err) {
            done(err as Error);
          }
        },
        replyOptions: {
          // A read sent on a kept-alive connection the service closed at that instant (it is draining for a restart)
          // fails with ECONNRESET before the service saw it: reply-from sends a GET or HEAD once more. Not zero,
          // which would instead retry every 503 of a GET up to ten times, turning a draining service's fast 503
          // into a slow one.
          retriesCount: SAFE_READ_RETRIES,
          rewriteRequestHeaders: forwardClientAddress,
          onError: (reply, { error }) => {
            forwards.get(reply.raw)?.failed(error);
            reply.send(upstreamFailure(error));
          },
        },
      });
    }
  }
}

/** The distributed gateway's readiness: it can route whatever the services do; each circuit is reported, none fails it. */
export function routingReadiness(breakers: Breakers): () => Promise<{ ok: boolean; checks: Record<string, string> }> {
  return async () => ({
    ok: true,
    checks: Object.fromEntries(Object.values(breakers).map((b) => [`upstream:${b.service}`, `circuit ${b.state}`])),
  });
}
