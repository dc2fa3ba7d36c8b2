import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Platform, ServiceModule } from '@talkwith/platform';
import {
  frameworkErrors,
  httpPlugin,
  healthRoutes,
  lazySchemaCompilers,
  START_TIMEOUT_MS,
  trustHops,
} from '@talkwith/platform/http';
import { createMemoryCache } from '@talkwith/platform/cache';
import { loggingOptions } from '@talkwith/platform/logger';
import { metricsPlugin } from '@talkwith/platform/metrics';
import { DEFAULT_BODY_LIMIT, type PlatformConfig } from '@talkwith/platform/platform';
import { MAX_FRAME_BYTES } from '@talkwith/proto';
import { adminUrlRewriter } from './admin-prefix.ts';
import { clientConfigRoutes } from './client-config.ts';
import { loadGatewayConfig } from './config.ts';
import { docsPlugin } from './docs.ts';
import { edgeAuthPlugin } from './edge-auth.ts';
import { cacheRateLimitStore } from './rate-limit-store.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { services as allServices } from './services.ts';
import { socketLimitsFrom, socketRoutes, type SocketLimits } from './socket.ts';
import { proxyRoutes, routingReadiness, upstreamBreakers, type Breakers, type Upstreams } from './upstreams.ts';
import { upstreamDocs } from './upstream-docs.ts';
import { spaFallback, webClientRoutes } from './web-client.ts';

/** Google sign-in is on when identity has a client id and secret (identity's config.ts owns and validates them). */
const googleSignInConfigured = (env: NodeJS.ProcessEnv): boolean =>
  Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export interface GatewayOptions {
  /** JWT_SECRET must be set (standalone generates it). */
  config: PlatformConfig;
  /** The environment: the gateway and each mounted service read the variables they own from it. */
  env: NodeJS.ProcessEnv;
  platform: Platform;
  /** Distributed mode: each service's base URL. Unset = standalone: the service plugins mount in this process. */
  upstreams?: Upstreams;
  services?: ServiceModule[];
  webDist?: string;
  /** Requests per minute per client IP (overrides API_RATE_LIMIT_PER_MINUTE; tests). */
  rateLimitMax?: number;
  /** Limits of the WebSocket over those of the gateway's config (tests). */
  socketLimits?: Partial<SocketLimits>;
}

// The socket's upgrade counts against the address's request budget (a reconnect
// waits 1–5 s); its frames have budgets of their own (socket.ts).
const UNLIMITED = new Set(['/healthz', '/readyz']);
/**
 * Media and the web client's content-hashed files are exempt from the
 * per-address API limit: one conversation fetches dozens of video ranges and
 * subtitles, one page load a score of code-split chunks, and many phones share
 * a carrier's address. (In production these come from the CDN anyway.)
 */
export const isUnlimited = (url: string): boolean =>
  UNLIMITED.has(url) || url.startsWith('/files/') || url.startsWith('/assets/');

/**
 * The rate limit's key: the client address. `request.ip` is undefined once the
 * connection is gone (a pipelined request whose socket a parse error of the
 * junk after it destroyed); such a request can get no answer, so any key does.
 */
export const rateLimitKey = (request: {
  ip: string | undefined;
  raw: { socket?: { remoteAddress?: string | undefined } | null };
}): string => request.ip ?? request.raw.socket?.remoteAddress ?? 'gone';

/** The whole gateway as one Fastify app; only standalone.ts / server.ts listen. Plugins in Fastify order. */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { config, platform } = options;
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET must be set before the gateway is built');
  const own = loadGatewayConfig(options.env);
  const webDist = options.webDist ?? DEFAULT_WEB_DIST;
  const rewriteUrl = adminUrlRewriter(own.ADMIN_PATH_PREFIX);
  const fastifyOptions: FastifyHttpOptions<Server> = {
    ...loggingOptions(platform.logger),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: trustHops(own.TRUST_PROXY_HOPS),
    frameworkErrors,
    pluginTimeout: START_TIMEOUT_MS,
    ...lazySchemaCompilers,
  };
  if (rewriteUrl) fastifyOptions.rewriteUrl = rewriteUrl;
  const app: FastifyInstance = Fastify(fastifyOptions);
  app.decorate('platform', platform);
  app.decorate('routeTable', recordRoutes(app));
  // Health probes carry no rate-limit hook at all (they were on the allow list; now nothing runs for them).
  app.addHook('onRoute', (route) => {
    if (UNLIMITED.has(route.url)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(httpPlugin, { fallback: spaFallback(webDist) });
  // One registry per process: standalone labels each mounted service's routes with its name; distributed, each service process serves its own.
  await app.register(metricsPlugin, {
    platform,
    service: 'gateway',
    token: config.METRICS_TOKEN,
    ...(options.upstreams ? {} : { services: options.services ?? allServices }),
  });
  // The lean header set on every answer; the web client's HTML adds the browser set (CSP, Permissions-Policy): security-headers.ts.
  await app.register(securityHeadersPlugin, {
    publicUrl: config.PUBLIC_URL,
    filesPublicBaseUrl: config.FILES_PUBLIC_BASE_URL,
    paymentTokenUrl: own.PAYMENT_TOKEN_URL,
    analytics: Boolean(own.ANALYTICS_ID),
  });
  await app.register(cors, {
    origin: config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : false,
    credentials: true,
  });
  await app.register(rateLimit, {
    max: options.rateLimitMax ?? own.API_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => isUnlimited(request.url),
    keyGenerator: rateLimitKey,
    // Redis down: counted in this process's memory meanwhile (rate-limit-store.ts says why).
    ...(config.CACHE_URL ? { store: cacheRateLimitStore(platform.cache, 'rl:', await localFallbackCache(app)) } : {}),
  });
  await app.register(edgeAuthPlugin, { secret: config.JWT_SECRET });
  const upstreams = options.upstreams;
  await app.register(docsPlugin, upstreams ? { merge: upstreamDocs(app, upstreams).merge } : {});
  // Distributed, ready means "this process can route": a service or Redis down fails that service's routes (503, fast), not the gateway.
  const breakers = upstreams ? upstreamBreakers(upstreams) : undefined;
  await app.register(healthRoutes, { platform, ...(breakers ? { readiness: routingReadiness(breakers) } : {}) });
  // In a scope of its own: @fastify/websocket's per-request hooks then run on the socket route only, not on every HTTP request.
  const socketOptions = {
    events: platform.events,
    store: platform.store,
    cache: platform.cache,
    publicUrl: config.PUBLIC_URL,
    limits: { ...socketLimitsFrom(own), ...options.socketLimits },
  };
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { perMessageDeflate: false, maxPayload: MAX_FRAME_BYTES, clientTracking: true },
    });
    await scope.register(socketRoutes, socketOptions);
  });
  await app.register(clientConfigRoutes, {
    adminPathPrefix: own.ADMIN_PATH_PREFIX,
    analyticsId: own.ANALYTICS_ID,
    devtoolsBlockHost: own.DEVTOOLS_BLOCK_HOST,
    googleSignIn: googleSignInConfigured(options.env),
  });
  await mountServices(app, options, upstreams && breakers ? { upstreams, breakers } : undefined);
  await app.register(webClientRoutes, { dist: webDist });
  return app;
}

/** A memory cache for this process, closed with the app. */
async function localFallbackCache(app: FastifyInstance) {
  const cache = await createMemoryCache();
  app.addHook('onClose', () => cache.close());
  return cache;
}

export interface RouteEntry {
  method: string;
  url: string;
  documented: boolean;
  /** A WebSocket upgrade: not an HTTP operation OpenAPI can describe (its frames are documented in proto/ and API.md). */
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the gateway (for the OpenAPI completeness test and debugging). */
    routeTable: RouteEntry[];
  }
}

function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of methods)
      table.push({
        method,
        url: route.url,
        documented: !hidden,
        websocket: (route as { websocket?: boolean }).websocket === true,
      });
  });
  return table;
}

async function mountServices(
  app: FastifyInstance,
  options: GatewayOptions,
  proxied: { upstreams: Upstreams; breakers: Breakers } | undefined,
): Promise<void> {
  const services = options.services ?? allServices;
  if (proxied) {
    await app.register(proxyRoutes, { services, ...proxied });
    return;
  }
  for (const service of services)
    await app.register(service.plugin, {
      platform: options.platform,
      config: options.config,
      env: options.env,
      standalone: true,
    });
}
