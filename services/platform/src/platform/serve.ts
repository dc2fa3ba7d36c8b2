import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { ConfigError, loadConfig } from '../config/index.ts';
import type { Platform, ServiceModule } from '../service/index.ts';
import { loggingOptions } from '../logger/index.ts';
import {
  frameworkErrors,
  httpPlugin,
  healthRoutes,
  closeOnSignals,
  trustHops,
  SERVICE_TRUSTED_HOPS,
  lazySchemaCompilers,
  START_TIMEOUT_MS,
} from '../http/index.ts';
import { metricsPlugin } from '../metrics/index.ts';
import { loadPlatformConfig, type PlatformConfig } from './config.ts';
import { createPlatform, closePlatform } from './create.ts';

/** Largest request body any route accepts unless it raises its own limit (uploads do). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** One service as its own HTTP app (distributed mode): conventions, health, the service plugin. Behind the gateway only: it is the one proxy whose X-Forwarded-For is believed. */
export async function buildServiceApp(
  module: ServiceModule,
  platform: Platform,
  config: PlatformConfig,
  env: NodeJS.ProcessEnv,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(platform.logger),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: trustHops(SERVICE_TRUSTED_HOPS),
    frameworkErrors,
    pluginTimeout: START_TIMEOUT_MS,
    ...lazySchemaCompilers,
  });
  app.decorate('platform', platform);
  await app.register(httpPlugin);
  // Before the routes it labels (onRoute).
  await app.register(metricsPlugin, { platform, service: module.name, token: config.METRICS_TOKEN });
  await app.register(healthRoutes, { platform });
  // The gateway merges every service's document into its /api/docs in distributed mode.
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: `TALK WITH ${module.name}`, version: '0.1.0' } },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(module.plugin, { platform, config, env });
  return app;
}

/**
 * What a process started alone (distributed mode) cannot make up for itself:
 * the secret every process shares, the admin prefix (without it the admin API
 * would sit at plain /api/admin) and the public origin mail links point at.
 */
const DISTRIBUTED_REQUIRED = {
  JWT_SECRET: 'required in distributed mode (the gateway and every service must share it)',
  ADMIN_PATH_PREFIX:
    'required in distributed mode (the secret path segment of the admin API, the same in every process)',
  PUBLIC_URL: 'required in distributed mode (the origin users reach, for links in mails)',
} as const;

/** The platform config of a process started alone; refuses to start without the variables above, naming each. */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const config = loadPlatformConfig(env);
  const missing = Object.entries(DISTRIBUTED_REQUIRED).filter(([name]) => !env[name]);
  if (missing.length > 0) throw new ConfigError(missing.map(([name, why]) => `${name}: ${why}`));
  return config;
}

/** Validates the variables `module` owns, so a bad one stops the process before any adapter connects. */
export function checkOwnConfig(module: ServiceModule, env: NodeJS.ProcessEnv = process.env): void {
  if (module.configSchema) loadConfig(module.configSchema, env);
}

/** `server.ts` of each service: validate config, connect adapters, listen alone, close cleanly on SIGTERM. */
export async function runService(module: ServiceModule): Promise<FastifyInstance> {
  let config: PlatformConfig;
  try {
    config = loadServiceConfig();
    checkOwnConfig(module);
  } catch (err) {
    console.error(`${module.name}: ${(err as Error).message}`);
    process.exit(1);
  }
  const platform = await createPlatform(config, { serviceName: module.name }).catch((err: unknown) => {
    // A store another replica holds, or REPLICAS > 1 without STORE_URL: the message, not a stack.
    if (!(err instanceof ConfigError)) throw err;
    console.error(`${module.name}: ${err.message}`);
    process.exit(1);
  });
  let app: FastifyInstance;
  try {
    app = await buildServiceApp(module, platform, config, process.env);
  } catch (err) {
    // A setting the service checks as it mounts (the credentials key and IV): the message, not a stack.
    if (!(err instanceof ConfigError)) throw err;
    console.error(`${module.name}: ${err.message}`);
    await closePlatform(platform);
    process.exit(1);
  }
  closeOnSignals(app, {
    timeoutMs: config.SHUTDOWN_GRACE_MS,
    unreadyMs: config.SHUTDOWN_UNREADY_MS,
    afterClose: () => closePlatform(platform),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
