import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.ts';
import { outboxBacklog } from '../eventing/outbox-entry.ts';
import { messages } from '../http/error-reply.ts';
import type { Platform, ServiceModule } from '../service/index.ts';
import { createMetrics, type EventReaders, type Metrics } from './registry.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsPluginOptions {
  platform: Pick<Platform, 'bus' | 'store' | 'logger'>;
  /** The `service` label of requests no listed service owns ('gateway', or the one service a process runs). */
  service: string;
  /** Standalone gateway: requests to a mounted service's prefixes are labelled with its name. */
  services?: Array<Pick<ServiceModule, 'name' | 'prefixes'>>;
  /** METRICS_TOKEN: scrapers send it as a bearer token. Unset = /metrics answers 404 (metrics are off). */
  token?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry (one per process: the standalone gateway's serves every mounted service). */
    metrics: Metrics;
  }
  interface FastifyContextConfig {
    /** The service a route belongs to, for the `service` label (set when the route is added). */
    metricsService?: string;
  }
}

const MetricsHeaders = Type.Object({ authorization: Type.Optional(Type.String({ maxLength: 512 })) });
type MetricsHeaders = Static<typeof MetricsHeaders>;

/** The service owning `url`: the listed service with the longest matching prefix, else the default. */
export function serviceOfRoute(url: string, services: MetricsPluginOptions['services'] = [], fallback: string): string {
  let best: { name: string; length: number } | null = null;
  for (const service of services) {
    for (const prefix of service.prefixes) {
      const owns = url === prefix || url.startsWith(`${prefix}/`);
      if (owns && prefix.length > (best?.length ?? -1)) best = { name: service.name, length: prefix.length };
    }
  }
  return best?.name ?? fallback;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** True when the Authorization header carries exactly `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** The platform's event gauges; a store or broker that does not answer leaves them empty instead of failing the scrape. */
function eventReaders(platform: MetricsPluginOptions['platform']): EventReaders {
  const warn = (err: unknown) => platform.logger.warn({ err }, 'metrics: event gauges could not be read');
  return {
    consumerLag: async () => (await platform.bus.consumerLag?.().catch((err: unknown) => (warn(err), []))) ?? [],
    outboxBacklog: () => outboxBacklog(platform.store, platform.bus).catch((err: unknown) => (warn(err), Number.NaN)),
  };
}

async function metricsRoutes(app: FastifyInstance, options: MetricsPluginOptions): Promise<void> {
  const metrics = createMetrics(eventReaders(options.platform));
  app.decorate('metrics', metrics);
  // Labelled once per route when it is added, not per request.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, metricsService: serviceOfRoute(route.url, options.services, options.service) };
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url;
    metrics.observeRequest({
      service: route ? (request.routeOptions.config.metricsService ?? options.service) : options.service,
      method: request.method,
      route: route ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
  app.get<{ Headers: MetricsHeaders }>(
    METRICS_PATH,
    { schema: { hide: true, headers: MetricsHeaders }, logLevel: 'warn' },
    async (request, reply) => {
      if (!options.token) throw new AppError('NOT_FOUND', messages.notFound);
      if (!bearerMatches(request.headers.authorization, options.token)) {
        throw new AppError('UNAUTHENTICATED', 'metrics need the bearer token METRICS_TOKEN', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      }
      return reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.render());
    },
  );
}

/**
 * GET /metrics (Prometheus text) and the request metrics of every route of
 * the app. Registered once at the root, before the routes it labels. Behind
 * METRICS_TOKEN: the endpoint tells the internals (routes, consumer groups,
 * load) to whoever reads it, and the gateway's port is public.
 */
export const metricsPlugin = fp(metricsRoutes, { name: 'talkwith-metrics', fastify: '5.x' });
