// Distributed mode: the gateway alone, proxying to the six service processes
// named by IDENTITY_URL ... LOGGING_URL. JWT_SECRET is required (shared with the services).
import { ConfigError, type ServiceName } from '@talkwith/platform';
import { closeOnSignals } from '@talkwith/platform/http';
import { closePlatform, createPlatform, loadServiceConfig, type PlatformConfig } from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';
import { loadGatewayConfig, type GatewayConfig } from './config.ts';
import { services, upstreamVariable } from './services.ts';
import type { Upstreams } from './upstreams.ts';

export function upstreamsFrom(own: GatewayConfig): Upstreams {
  const missing = services.map((s) => upstreamVariable[s.name]).filter((variable) => !own[variable]);
  if (missing.length > 0)
    throw new ConfigError(missing.map((v) => `${v}: required by the distributed gateway (base URL of the service)`));
  return Object.fromEntries(services.map((s) => [s.name, own[upstreamVariable[s.name]] as string])) as Record<
    ServiceName,
    string
  >;
}

function loadOrExit(): { config: PlatformConfig; upstreams: Upstreams } {
  try {
    const config = loadServiceConfig();
    return { config, upstreams: upstreamsFrom(loadGatewayConfig()) };
  } catch (err) {
    console.error(`gateway: ${(err as Error).message}`);
    process.exit(1);
  }
}

if (import.meta.main) {
  const { config, upstreams } = loadOrExit();
  const platform = await createPlatform(config, { serviceName: 'gateway' });
  const app = await buildGateway({ config, env: process.env, platform, upstreams });
  closeOnSignals(app, {
    timeoutMs: config.SHUTDOWN_GRACE_MS,
    unreadyMs: config.SHUTDOWN_UNREADY_MS,
    afterClose: () => closePlatform(platform),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    `TALK WITH gateway listening on ${config.HOST}:${config.PORT}, proxying to ${Object.values(upstreams).join(', ')}`,
  );
}
