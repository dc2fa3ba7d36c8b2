import httpProxy from '@fastify/http-proxy';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServiceModule, ServiceName } from '@talkwith/platform';

export type Upstreams = Record<ServiceName, string>;

/**
 * The client address as the gateway resolved it (through TRUST_PROXY_HOPS),
 * sent on as the only X-Forwarded-For entry: whatever the client wrote there
 * itself must not reach a service, which believes exactly one hop, ours.
 */
export function forwardClientAddress(request: { ip: string }, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return { ...headers, 'x-forwarded-for': request.ip };
}

/** Distributed mode: every prefix a service owns is proxied to that service's process. */
export async function proxyRoutes(app: FastifyInstance, options: { services: ServiceModule[]; upstreams: Upstreams }): Promise<void> {
  for (const service of options.services) {
    const upstream = options.upstreams[service.name];
    for (const prefix of service.prefixes) {
      await app.register(httpProxy, {
        upstream, prefix, rewritePrefix: prefix, http: { requestOptions: { timeout: 30_000 } },
        replyOptions: { rewriteRequestHeaders: forwardClientAddress },
      });
    }
  }
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
