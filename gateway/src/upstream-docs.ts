import type { FastifyInstance } from 'fastify';
import type { Upstreams } from './upstreams.ts';

type OpenApi = { paths?: Record<string, unknown>; [key: string]: unknown };

/**
 * Distributed mode: the services' routes are not registered in the gateway,
 * so their OpenAPI documents are fetched from each service (/openapi.json)
 * and merged into the gateway's /api/docs. Refreshed in the background:
 * a service that is down keeps its last known document.
 */
export function upstreamDocs(app: FastifyInstance, upstreams: Upstreams, everyMs = 30_000) {
  const documents = new Map<string, OpenApi>();
  async function refresh(): Promise<void> {
    await Promise.all(
      Object.entries(upstreams).map(async ([name, base]) => {
        try {
          const response = await fetch(new URL('/openapi.json', base), { signal: AbortSignal.timeout(2000) });
          if (response.ok) documents.set(name, (await response.json()) as OpenApi);
        } catch (err) {
          app.log.debug({ err, service: name }, 'service OpenAPI not reachable yet');
        }
      }),
    );
  }
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void refresh();
    timer = setInterval(() => void refresh(), everyMs).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return {
    refresh,
    merge(own: OpenApi): OpenApi {
      const paths = { ...own.paths };
      for (const doc of documents.values()) Object.assign(paths, doc.paths);
      return { ...own, paths };
    },
  };
}
